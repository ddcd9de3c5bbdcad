import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMAIL_LINK_TOKEN_BYTES, isEmailLinkTokenShape, safeReturnUrl, signInState } from "./rules";

describe("signInState", () => {
  const verified = { name: "Ada", emailVerified: true, isAnonymous: false };

  it("is signed-out without a session", () => {
    expect(signInState(null)).toBe("signed-out");
    expect(signInState(undefined)).toBe("signed-out");
  });

  it("is signed-out while the e-mail is not verified", () => {
    expect(signInState({ ...verified, emailVerified: false })).toBe("signed-out");
  });

  it("is anonymous for the guest session, whatever its other fields say", () => {
    expect(signInState({ name: "Anonymous", emailVerified: false, isAnonymous: true })).toBe(
      "anonymous",
    );
    expect(signInState({ ...verified, isAnonymous: true })).toBe("anonymous");
  });

  it.each([null, "", "   "])("needs details while the display name is %j", (name) => {
    expect(signInState({ ...verified, name })).toBe("needs-details");
  });

  it("is signed-in with a verified e-mail and a display name", () => {
    expect(signInState(verified)).toBe("signed-in");
    expect(signInState({ ...verified, isAnonymous: null })).toBe("signed-in");
    expect(signInState({ ...verified, isAnonymous: undefined })).toBe("signed-in");
  });
});

describe("safeReturnUrl", () => {
  it.each(["/", "/home", "/invite/abc?x=1", "/groups/42#rounds", "/search?q=a%2Fb"])(
    "follows the site path %j",
    (url) => {
      expect(safeReturnUrl(url)).toBe(url);
    },
  );

  it.each([
    "//evil.example",
    "//evil.example/home",
    "https://evil.example",
    "http://evil.example/home",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "home",
    "",
    " /home",
    "/\t/evil.example",
    "/home\n",
    "/\r\n/evil.example",
    "/home\u0000",
    "/home\u007f",
  ])("refuses %j", (url) => {
    expect(safeReturnUrl(url)).toBeNull();
  });

  it.each([undefined, null, 42, ["/home"], { href: "/home" }])(
    "refuses the non-string %j",
    (value) => {
      expect(safeReturnUrl(value)).toBeNull();
    },
  );

  it("never lets a browser leave the site", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii" }), (value) => {
        const safe = safeReturnUrl(value);
        if (safe === null) return;
        // Whatever is accepted resolves to the page's own origin.
        expect(new URL(safe, "https://eitheror.example/start").origin).toBe(
          "https://eitheror.example",
        );
      }),
    );
  });
});

describe("isEmailLinkTokenShape", () => {
  it("accepts every token the server makes: random bytes in base64url", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: EMAIL_LINK_TOKEN_BYTES, maxLength: EMAIL_LINK_TOKEN_BYTES }),
        (bytes) => isEmailLinkTokenShape(Buffer.from(bytes).toString("base64url")),
      ),
    );
    expect(isEmailLinkTokenShape(randomBytes(EMAIL_LINK_TOKEN_BYTES).toString("base64url"))).toBe(
      true,
    );
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["a word", "nope"],
    ["one character short", "a".repeat(42)],
    ["one character long", "a".repeat(44)],
    ["padded base64", `${"a".repeat(42)}=`],
    ["plain base64 characters", `${"a".repeat(42)}+`],
    ["a space", `${"a".repeat(42)} `],
    ["not a string", 42],
  ])("refuses %s", (_case, value) => {
    expect(isEmailLinkTokenShape(value)).toBe(false);
  });
});
