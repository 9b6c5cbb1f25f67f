import { attachment, guardCell, unguardCell, writeCsv } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-Texas', "'-Texas"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['Ohio State', 'Ohio State'],
    ["'quoted", "'quoted"],
  ])('guards %j as %j and reads it back', (text, guarded) => {
    expect(guardCell(text)).toBe(guarded);
    expect(unguardCell(guardCell(text))).toBe(text);
  });

  it('keeps negative numbers as numbers: only text cells are guarded', () => {
    expect(writeCsv(['a', 'b', 'c'], [{ a: -7, b: '-7', c: null }])).toBe("\uFEFFa,b,c\n-7,'-7,\n");
  });

  it('names a download, with an ASCII stand-in for a name that is not plain ASCII', () => {
    expect(attachment('2025-2026 week 1 games.csv')).toBe('attachment; filename="2025-2026 week 1 games.csv"');
    expect(attachment('Año "1".csv')).toBe(`attachment; filename="A_o _1_.csv"; filename*=UTF-8''A%C3%B1o%20%221%22.csv`);
  });
});
