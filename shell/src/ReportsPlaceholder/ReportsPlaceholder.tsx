/** /reports shows only the word Reports (spec §2); the reports themselves have their own routes. */
export function ReportsPlaceholder() {
  return <h1 className="ofs-page-title">Reports</h1>;
}
