import { TestApp } from '../support/test-app';

describe('The error log (docs/decisions.md, "API and errors")', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it("writes no failed query's SQL or parameters: the exception filter logs the error by its route and class", async () => {
    const insert = () => t.dataSource.query('INSERT INTO conferences (name) VALUES (?)', ['alice@pool.test']);
    await insert();
    const written = jest.fn();
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => jest.spyOn(console, level).mockImplementation(written));
    try {
      await expect(insert()).rejects.toThrow(/UNIQUE|Duplicate/);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(JSON.stringify(written.mock.calls)).not.toMatch(/alice|INSERT/);
  });
});
