// One HTML escape for the server and the page shell they share (the shell is painted by both sides).
export { escapeHtml } from "@eitheror/shared/shell/markup";
