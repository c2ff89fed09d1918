/** Types generated for queries found in "services/identity/src/onboarding/onboarding.repository.ts" */
export type DateOrString = Date | string;

export type DateOrStringArray = DateOrString[];

export type stringArray = string[];

/** 'FlagsOfUser' parameters type */
export interface IFlagsOfUserParams {
  userId: string;
}

/** 'FlagsOfUser' return type */
export interface IFlagsOfUserResult {
  flag: string;
  recordedAt: Date;
}

/** 'FlagsOfUser' query type */
export interface IFlagsOfUserQuery {
  params: IFlagsOfUserParams;
  result: IFlagsOfUserResult;
}

/** 'FlagRecorded' parameters type */
export interface IFlagRecordedParams {
  flag: string;
  userId: string;
}

/** 'FlagRecorded' return type */
export interface IFlagRecordedResult {
  found: number;
}

/** 'FlagRecorded' query type */
export interface IFlagRecordedQuery {
  params: IFlagRecordedParams;
  result: IFlagRecordedResult;
}

/** 'RecordFlags' parameters type */
export interface IRecordFlagsParams {
  flags: stringArray;
  times: DateOrStringArray;
  userId: string;
}

/** 'RecordFlags' return type */
export type IRecordFlagsResult = void;

/** 'RecordFlags' query type */
export interface IRecordFlagsQuery {
  params: IRecordFlagsParams;
  result: IRecordFlagsResult;
}
