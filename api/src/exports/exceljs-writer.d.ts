// exceljs declares types for its index only; its streaming workbook writer, which excel.ts loads
// on its own (without the readers the index also loads), is the class the index's types name.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type ExcelJS from 'exceljs';

  const WorkbookWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
