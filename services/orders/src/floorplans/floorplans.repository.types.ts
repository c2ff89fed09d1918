/** Types generated for queries found in "services/orders/src/floorplans/floorplans.repository.ts" */

/** 'FindConfiguration' parameters type */
export interface IFindConfigurationParams {
  providerId: string;
}

/** 'FindConfiguration' return type */
export interface IFindConfigurationResult {
  brandColour: string | null;
  customTemplateName: string | null;
  showDimensions: boolean;
  showRoomAreas: boolean;
  showTotalArea: boolean;
  supplierNotes: string | null;
  template: string;
  units: string;
  updatedAt: Date;
}

/** 'FindConfiguration' query type */
export interface IFindConfigurationQuery {
  params: IFindConfigurationParams;
  result: IFindConfigurationResult;
}

/** 'FindConfigurationForUpdate' parameters type */
export interface IFindConfigurationForUpdateParams {
  providerId: string;
}

/** 'FindConfigurationForUpdate' return type */
export interface IFindConfigurationForUpdateResult {
  brandColour: string | null;
  customTemplateName: string | null;
  showDimensions: boolean;
  showRoomAreas: boolean;
  showTotalArea: boolean;
  supplierNotes: string | null;
  template: string;
  units: string;
  updatedAt: Date;
}

/** 'FindConfigurationForUpdate' query type */
export interface IFindConfigurationForUpdateQuery {
  params: IFindConfigurationForUpdateParams;
  result: IFindConfigurationForUpdateResult;
}

/** 'SaveConfiguration' parameters type */
export interface ISaveConfigurationParams {
  brandColour?: string | null | void;
  customTemplateName?: string | null | void;
  providerId: string;
  showDimensions: boolean;
  showRoomAreas: boolean;
  showTotalArea: boolean;
  supplierNotes?: string | null | void;
  template: string;
  units: string;
  updatedBy: string;
}

/** 'SaveConfiguration' return type */
export type ISaveConfigurationResult = void;

/** 'SaveConfiguration' query type */
export interface ISaveConfigurationQuery {
  params: ISaveConfigurationParams;
  result: ISaveConfigurationResult;
}
