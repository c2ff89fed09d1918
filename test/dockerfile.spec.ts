import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser, type Dockerfile, type From } from 'dockerfile-ast';
import { validate, ValidationSeverity, type ValidatorSettings } from 'dockerfile-utils';

/**
 * The images' Dockerfiles, linted without a Docker engine: dockerfile-utils (the validator of VS Code's Docker
 * language server, on the npm registry; hadolint is not packaged here) reports what `docker build` would refuse
 * (unknown instructions and flags, bad arguments, a FROM naming an undefined variable); its style checks are raised
 * to errors. The rest are hadolint's rules that matter for these images, on dockerfile-ast's parse (the same
 * author's parser the validator uses): every base image tagged, never `latest` (DL3006, DL3007), the image running
 * as a user other than root (DL3002), and, for the services' image, the Node its `engines` promise.
 */
const ROOT = path.resolve(__dirname, '..');
const DOCKERFILES = ['services/Dockerfile', 'infra/emulators/Dockerfile'];
const STRICT: ValidatorSettings = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
};

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A FROM's image as Docker reads it: `${NAME}` replaced by the ARG's default declared before the first FROM. */
function baseImage(dockerfile: Dockerfile, from: From): string {
  const image = from.getImageName() ?? '';
  const variable = /^\$\{?(\w+)\}?$/.exec(image)?.[1];
  if (!variable) return from.getImageTag() ? `${image}:${from.getImageTag()}` : image;
  const declared = dockerfile.getInitialARGs().find((arg) => arg.getProperty()?.getName() === variable);
  return declared?.getProperty()?.getValue() ?? image;
}

/** The FROMs that start from an image, not from an earlier stage of the same file. */
function baseFroms(dockerfile: Dockerfile): From[] {
  const stages = new Set(dockerfile.getFROMs().map((from) => from.getBuildStage()));
  return dockerfile.getFROMs().filter((from) => !stages.has(from.getImageName()));
}

/** The instructions of the last stage: what the image runs. */
function finalStage(dockerfile: Dockerfile) {
  const lastFrom = dockerfile.getFROMs().at(-1)!;
  const start = lastFrom.getRange().start.line;
  return dockerfile.getInstructions().filter((instruction) => instruction.getRange().start.line >= start);
}

describe.each(DOCKERFILES)('%s', (file) => {
  const dockerfile = DockerfileParser.parse(read(file));

  it('has nothing the validator reports', () => {
    const problems = validate(read(file), STRICT).map(
      (problem) => `${file}:${problem.range.start.line + 1}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('names every base image with a tag other than latest', () => {
    const images = baseFroms(dockerfile).map((from) => baseImage(dockerfile, from));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^[\w./-]+:(?!latest$)[\w.-]+$/);
  });

  it('runs as a user other than root', () => {
    const users = finalStage(dockerfile).filter((instruction) => instruction.getKeyword() === 'USER');
    expect(users.at(-1)?.getArgumentsContent()).toMatch(/^(?!root$|0$)\w+$/);
  });
});

describe('the services’ image', () => {
  const dockerfile = DockerfileParser.parse(read('services/Dockerfile'));
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;

  it('runs on a Node LTS that the engines of package.json name, as the emulators’ image does', () => {
    const images = baseFroms(dockerfile).map((from) => baseImage(dockerfile, from));
    const major = /^node:(\d+)-/.exec(images[0]!)?.[1];

    expect(new Set(images)).toEqual(new Set([`node:${major}-bookworm-slim`]));
    expect(Number(major) % 2).toBe(0); // even majors become LTS; odd ones never do
    expect(engines.split('||').map((range) => range.trim().split('.')[0])).toContain(`^${major}`);
    const emulators = DockerfileParser.parse(read('infra/emulators/Dockerfile'));
    expect(baseFroms(emulators).map((from) => baseImage(emulators, from))).toEqual(images);
  });

  it('installs the production dependencies only, with the lockfile', () => {
    const installs = dockerfile
      .getInstructions()
      .filter((instruction) => instruction.getKeyword() === 'RUN')
      .map((run) => run.getArgumentsContent() ?? '')
      .filter((command) => command.includes('--workspace "services/${SERVICE}"'));
    expect(installs).toEqual([expect.stringMatching(/^npm ci --omit=dev /)]);
  });
});
