/** Reading the Dockerfile as Docker would, for tests on machines where Docker does not run. */

/** The instructions of the image's last stage (the one that runs), continuation lines joined, comments left out. */
export function runStage(text: string): { instruction: string; args: string }[] {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const last = lines.map((line) => line.startsWith('FROM ')).lastIndexOf(true);
  return lines.slice(last).map((line) => {
    const [instruction, ...rest] = line.split(/\s+/);
    return { instruction: instruction.toUpperCase(), args: rest.join(' ') };
  });
}
