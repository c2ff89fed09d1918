import { URL_PARAMETERS, type UrlParameter, type UrlParameterGroup } from '@tourly/contracts';
import { toCamelCase } from '../../../../api/caseConversion';
import { numberOrText } from '../../properties/website';
import type { UrlParameters } from './api';

/** The catalogue's groups as the URL Parameters tab heads them. */
export const GROUP_HEADINGS: Record<UrlParameterGroup, string> = {
  launch: 'Launch',
  visibility: 'Visibility',
  user_interface: 'User interface',
  guided_tours: 'Guided tours',
  virtual_reality: 'Virtual reality',
  sdk: 'SDK',
};

/** A parameter's name as the client reads it (the answer's keys and the server's messages are camelCased). */
export const fieldOf = (parameter: UrlParameter) => toCamelCase(parameter.name);

/** The form holds every value as typed: a choice's number, a number or a text; empty is the viewer's default. */
export type UrlParameterForm = Record<string, string>;

export const valuesOf = (parameters: UrlParameters): UrlParameterForm =>
  Object.fromEntries(
    URL_PARAMETERS.map((parameter) => {
      const value = parameters.values[fieldOf(parameter)] ?? parameter.default;
      return [fieldOf(parameter), value === null ? '' : String(value)];
    }),
  );

/** What is sent: choices as numbers, numbers as typed (the server refuses one that is not, in its words), texts. */
export function parametersOf(values: UrlParameterForm): Record<string, number | string | null> {
  return Object.fromEntries(
    URL_PARAMETERS.map((parameter) => {
      const typed = values[fieldOf(parameter)] ?? '';
      if (parameter.kind === 'choice') return [fieldOf(parameter), Number(typed)];
      if (parameter.kind === 'number') return [fieldOf(parameter), numberOrText(typed)];
      return [fieldOf(parameter), typed.trim() || null];
    }),
  );
}

/** Each field's name in the server's messages (`matterport_model_parameter.transition_ms`), as the client reads it. */
export const SERVER_NAMES = Object.fromEntries(
  URL_PARAMETERS.map((parameter) => [fieldOf(parameter), `matterportModelParameter.${fieldOf(parameter)}`]),
);
