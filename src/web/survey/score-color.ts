/** Score colours in reports (account-and-reporting 2): up to 69 red, 70 to 89 blue, 90 and above green. */
export function scoreColor(percent: number): 'red' | 'blue' | 'green' {
  if (percent >= 90) return 'green';
  if (percent >= 70) return 'blue';
  return 'red';
}
