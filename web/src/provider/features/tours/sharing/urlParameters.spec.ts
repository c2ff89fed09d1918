import { describe, expect, it } from '@jest/globals';
import { defaultUrlParameters, URL_PARAMETER_GROUPS, URL_PARAMETERS } from '@tourly/contracts';
import { toCamelCaseKeys, toSnakeCaseKeys } from '../../../../api/caseConversion';
import type { UrlParameters } from './api';
import { fieldOf, GROUP_HEADINGS, parametersOf, SERVER_NAMES, valuesOf } from './urlParameters';

/** The parameters as the client reads an answer: every value of the catalogue, keys camelCased. */
const answered = (values: Record<string, number | string | null>): UrlParameters => ({
  id: 'parameters',
  propertyId: 'property',
  values: toCamelCaseKeys({ ...defaultUrlParameters(), ...values }) as UrlParameters['values'],
  query: '',
});

describe('URL parameters in the form', () => {
  it('reads every parameter of the catalogue: choices and numbers as text, unset ones empty', () => {
    const form = valuesOf(answered({ quickstart: 1, transition_ms: 1500 }));
    expect(Object.keys(form)).toHaveLength(URL_PARAMETERS.length);
    expect(form).toMatchObject({
      quickstart: '1',
      autoPlay: '0',
      transitionMs: '1500',
      sdkKey: '',
      language: '',
    });
  });

  it('sends choices as numbers, numbers as typed (a non-number too, for the server to refuse), empty as null', () => {
    const form = {
      ...valuesOf(answered({})),
      quickstart: '1',
      transitionMs: '',
      waitMs: 'soon',
      language: ' fr ',
    };
    expect(parametersOf(form)).toMatchObject({
      quickstart: 1,
      transitionMs: null,
      waitMs: 'soon',
      language: 'fr',
    });
  });

  it('goes back to the catalogue’s names on the wire, and reads the server’s messages under them', () => {
    const sent = toSnakeCaseKeys(parametersOf(valuesOf(answered({})))) as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(URL_PARAMETERS.map((parameter) => parameter.name).sort());
    expect(SERVER_NAMES[fieldOf(URL_PARAMETERS.find((each) => each.name === 'vr_collision')!)]).toBe(
      'matterportModelParameter.vrCollision',
    );
  });

  it('heads every group of the catalogue', () => {
    expect(URL_PARAMETER_GROUPS.map((group) => GROUP_HEADINGS[group])).toEqual([
      'Launch',
      'Visibility',
      'User interface',
      'Guided tours',
      'Virtual reality',
      'SDK',
    ]);
  });
});
