/** Types generated for queries found in "services/properties/src/welcome-screens/welcome-screens.repository.ts" */

/** 'ListWelcomeScreens' parameters type */
export interface IListWelcomeScreensParams {
  propertyId: string;
}

/** 'ListWelcomeScreens' return type */
export interface IListWelcomeScreensResult {
  buttonLabel: string;
  contentType: string | null;
  fileId: string | null;
  filename: string | null;
  id: string;
  mediaSize: string;
  mediaType: string;
  storageKey: string | null;
  text: string;
  title: string;
}

/** 'ListWelcomeScreens' query type */
export interface IListWelcomeScreensQuery {
  params: IListWelcomeScreensParams;
  result: IListWelcomeScreensResult;
}

/** 'DeleteWelcomeScreens' parameters type */
export interface IDeleteWelcomeScreensParams {
  propertyId: string;
}

/** 'DeleteWelcomeScreens' return type */
export type IDeleteWelcomeScreensResult = void;

/** 'DeleteWelcomeScreens' query type */
export interface IDeleteWelcomeScreensQuery {
  params: IDeleteWelcomeScreensParams;
  result: IDeleteWelcomeScreensResult;
}

/** 'InsertWelcomeScreen' parameters type */
export interface IInsertWelcomeScreenParams {
  buttonLabel: string;
  fileId?: string | null | void;
  id: string;
  mediaSize: string;
  mediaType: string;
  position: number;
  propertyId: string;
  providerId: string;
  text: string;
  title: string;
}

/** 'InsertWelcomeScreen' return type */
export type IInsertWelcomeScreenResult = void;

/** 'InsertWelcomeScreen' query type */
export interface IInsertWelcomeScreenQuery {
  params: IInsertWelcomeScreenParams;
  result: IInsertWelcomeScreenResult;
}

/** 'PropertyPremium' parameters type */
export interface IPropertyPremiumParams {
  propertyId: string;
}

/** 'PropertyPremium' return type */
export interface IPropertyPremiumResult {
  premium: boolean;
}

/** 'PropertyPremium' query type */
export interface IPropertyPremiumQuery {
  params: IPropertyPremiumParams;
  result: IPropertyPremiumResult;
}
