// Runs in <head>, before the first paint: a visitor who chose dark (or whose
// system is dark) must never see a light flash. A plain same-origin script, as
// the CSP allows no inline script. The app (src/lib/theme.ts) keeps the class in
// step afterwards; both read the choice from localStorage under "theme".
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem("theme");
  } catch {
    // No storage: follow the system.
  }
  const dark =
    choice === "dark" ||
    (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
})();
