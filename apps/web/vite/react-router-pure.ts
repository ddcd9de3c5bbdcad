import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.m?js$/;
/** `React.createContext(`, `React10.forwardRef(`, `React3.memo(`: pure, but not marked so. */
const UNMARKED_FACTORY = /(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g;
/** `Form.displayName = "Form";` on a line of its own: a name for React's devtools. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** React Router's production build: its package's exports name only the development one. */
function productionBuild() {
  const dist = join(
    dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
    "dist/production",
  );
  return [
    { find: /^react-router$/, replacement: join(dist, "index.mjs") },
    { find: /^react-router\/dom$/, replacement: join(dist, "dom-export.mjs") },
  ];
}

/**
 * In the build, React Router's production code (no development warnings)
 * instead of the development code its package exports. And: its ESM build creates its contexts and components with calls the
 * bundler cannot know are pure, then names each for the devtools: so every
 * export stays in, whether the app uses it or not (Form, ScrollRestoration,
 * the framework mode's prefetching). Marking those calls pure and dropping the
 * devtools names lets what the app does not use fall out: about 4 kB (gzip) of
 * the landing page (docs/decisions/0022).
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: "react-router-tree-shaking",
    apply: "build",
    config: () => ({ resolve: { alias: productionBuild() } }),
    transform: {
      filter: { id: REACT_ROUTER_DIST },
      handler: (code) => ({
        code: code.replace(UNMARKED_FACTORY, "/* @__PURE__ */ $1").replace(DISPLAY_NAME, ""),
        map: null,
      }),
    },
  };
}
