// Where a report's rows come from: one endpoint of the contract, the input it is asked with for
// the parameters on screen, and the rows of its answer. The report reads it through the page's
// cache (shared-ui's useApiQuery), so recording an entry refreshes an open report.
import type { Endpoint, EndpointInput, EndpointResult } from 'shared-ui';
import { useApiQuery } from 'shared-ui';
import type { ReadFailure } from 'shared-ui';

export interface ReportSource<Params, Row> {
  endpoint: Endpoint;
  input: (params: Params) => unknown;
  rows: (answer: unknown, params: Params) => Row[];
}

type RowOf<E extends Endpoint> = EndpointResult<E> extends ReadonlyArray<infer R> ? R : never;

/** A report's source, typed by its endpoint: `input` gives its input, `rows` takes its answer. */
export function reportSource<E extends Endpoint, Params, Row = RowOf<E>>(
  endpoint: E,
  input: (params: Params) => NoInfer<EndpointInput<E>> | undefined,
  rows: (answer: NoInfer<EndpointResult<E>>, params: Params) => Row[] = (answer) =>
    answer as unknown as Row[],
): ReportSource<Params, Row> {
  // Only ever given the answer of `endpoint` (useReportRows asks it with `input`).
  return { endpoint, input, rows: rows as ReportSource<Params, Row>['rows'] };
}

/** The rows of a report for the parameters applied; `loading` while they are asked for. */
export function useReportRows<Params, Row>(
  source: ReportSource<Params, Row>,
  params: Params,
  onError: ReadFailure,
) {
  const read = useApiQuery(source.endpoint, source.input(params) as never, {
    onError,
    select: (answer) => source.rows(answer, params),
  });
  return { rows: read.data, loading: read.isFetching, refetch: read.refetch };
}
