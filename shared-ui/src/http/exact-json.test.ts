import { parseJson } from './exact-json';

describe('parseJson', () => {
  it('should read ordinary JSON as JSON.parse does', () => {
    const text = '{"a":[1,2.5,-3,0,1e3,true,null],"b":"x \\" 12345678901234567890","c":100.00}';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('should keep a number a double would round as its exact decimal text', () => {
    expect(
      parseJson(
        '[{"date":"2026-11-23","totalIncome":100999999999998.99},{"totalIncome":-29999999999999999700.00}]',
      ),
    ).toEqual([
      { date: '2026-11-23', totalIncome: '100999999999998.99' },
      { totalIncome: '-29999999999999999700.00' },
    ]);
  });

  it('should keep long numbers a double gives back exactly as numbers', () => {
    expect(parseJson('{"balance":1234567890123.45,"id":9007199254740991}')).toEqual({
      balance: 1234567890123.45,
      id: 9007199254740991,
    });
  });

  it('should leave digits inside strings alone', () => {
    expect(parseJson('{"description":"ref 1234567890123456789.99"}')).toEqual({
      description: 'ref 1234567890123456789.99',
    });
  });
});
