import type { DateFormat, NumberFormat } from 'contract/browser';
import type { FormatChoice } from './ColumnMapping';

/** What a preview says of the file's formats: as read, and the candidates where it leaves them open. */
export interface PreviewFormats {
  dateFormat: DateFormat | null;
  numberFormat: NumberFormat | null;
  dateFormats?: readonly DateFormat[];
  numberFormats?: readonly NumberFormat[];
}

export interface ChosenFormats {
  dateFormat?: DateFormat;
  numberFormat?: NumberFormat;
}

/** The date and number format selects of a preview, as both imports offer them. */
export const formatChoices = (
  preview: PreviewFormats,
  chosen: ChosenFormats,
  choose: (change: ChosenFormats) => void,
): { dateFormat: FormatChoice<DateFormat>; numberFormat: FormatChoice<NumberFormat> } => ({
  dateFormat: {
    used: preview.dateFormat,
    open: preview.dateFormats,
    chosen: chosen.dateFormat,
    onChange: (dateFormat) => choose({ dateFormat }),
  },
  numberFormat: {
    used: preview.numberFormat,
    open: preview.numberFormats,
    chosen: chosen.numberFormat,
    onChange: (numberFormat) => choose({ numberFormat }),
  },
});
