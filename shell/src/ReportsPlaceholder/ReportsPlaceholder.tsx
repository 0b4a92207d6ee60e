/** /reports shows only the word Reports (docs/product.md#screens-and-routes); the reports themselves have their own routes. */
export function ReportsPlaceholder() {
  return <h1 className="ofs-page-title">Reports</h1>;
}
