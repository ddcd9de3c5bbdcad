import { describe, expect, it } from "vitest";
import { renderIndexHtml } from "./spa";

const built = `<!doctype html><html><head>
<meta name="application-name" content="eitheror" />
<title>eitheror</title></head>
<body>
<div id="root"></div></body></html>`;

describe("renderIndexHtml", () => {
  it("marks the body `local` in local mode only", () => {
    expect(renderIndexHtml(built, { local: true, title: "eitheror" })).toContain(
      '<body class="local">',
    );
    expect(renderIndexHtml(built, { local: false, title: "eitheror" })).toContain("<body>");
  });

  it("writes APP_TITLE into the title and the brand meta tag, escaped", () => {
    const page = renderIndexHtml(built, { local: false, title: 'Tom & "Jerry" <3' });
    expect(page).toContain("<title>Tom &#38; &#34;Jerry&#34; &#60;3</title>");
    expect(page).toContain(
      '<meta name="application-name" content="Tom &#38; &#34;Jerry&#34; &#60;3"',
    );
    expect(page).not.toContain("<3");
  });
});
