// Answers asked for before the signed-in code has loaded. Sign-in reloads the page at `/`, and the
// shell's first script (shell/src/start.ts, which loads none of this library) asks for the
// dashboard's first figures at once, while the signed-in shell's scripts are still being read and
// run. It leaves each answer on its way in the page under this key, by request
// (`GET /api/dashboard/totals`). The page's first read of the same request takes it, once, in
// place of sending it again (prefetchApiQuery); nothing else looks here.

/** The page's property holding the early answers; shell/src/start.ts writes the same name. */
const EARLY_ANSWERS_KEY = '__officeFinanceEarlyAnswers';

/** Each early request (`METHOD /api/path?query`) and its answer, or undefined when it failed. */
type EarlyAnswers = Map<string, Promise<Response | undefined>>;

/**
 * The answer already on its way for `request`, taken so that no later read uses it; undefined when
 * none was asked (the page opened elsewhere than `/`, or another month's range was asked).
 */
export function takeEarlyAnswer(request: string): Promise<Response | undefined> | undefined {
  if (typeof window === 'undefined') return undefined;
  const answers = (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_KEY];
  if (!(answers instanceof Map)) return undefined;
  const answer = (answers as EarlyAnswers).get(request);
  answers.delete(request);
  return answer;
}
