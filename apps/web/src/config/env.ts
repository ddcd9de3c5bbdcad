/** The product title: the server writes it into the page's application-name meta tag. */
export const appTitle =
  document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || "eitheror";
