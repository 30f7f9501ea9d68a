/**
 * A sheet's file name, marked when it holds whole ID numbers (学员名单（含完整身份证号）.xlsx):
 * the masked and the whole one had the same name, easy to send on by mistake.
 */
export const fullIdName = (name: string, full: boolean): string =>
  full ? name.replace(/(\.[a-z]+)$/, '（含完整身份证号）$1') : name;
