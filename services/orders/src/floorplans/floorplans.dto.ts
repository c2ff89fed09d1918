import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches, ValidateIf } from 'class-validator';
import { FLOORPLAN_KINDS, type FloorplanKind } from '@tourly/contracts';
import {
  IdField,
  IdParam,
  ListField,
  Nested,
  OneOfField,
  OptionalOneOf,
  OptionalString,
  PageQuery,
  ProviderIdField,
  RequiredFlag,
  RequiredOneOf,
  TextField,
  TimeField,
} from '@tourly/platform';
import {
  FLOORPLAN_TEMPLATES,
  TEMPLATE_IDS,
  UNITS,
  VARIANT_NOT_FOUND,
  type FloorplanTemplate,
  type Units,
} from './floorplans.rules';

export const variantId = () => IdParam(VARIANT_NOT_FOUND);

export class VariantFilters {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'is not a property id' })
  propertyId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'is not a client id' })
  providerClientId?: string;

  @OptionalOneOf(FLOORPLAN_KINDS)
  kind?: FloorplanKind;
}

/** 001 §7: page, search, page_size and `filters[...]` (property, client, kind). */
export class VariantsQuery extends PageQuery {
  @OptionalString(120)
  search?: string;

  @Nested(() => VariantFilters, { optional: true })
  filters?: VariantFilters;
}

/** `GET /admin/floorplan_variants.json` (001 §7 list sources): page, search, and one provider's (unset: all). */
export class AdminVariantsQuery extends PageQuery {
  @OptionalString(120)
  search?: string;

  @ProviderIdField({ optional: true, description: "unset: every provider's" })
  providerId?: string;
}

export class AssignToClient {
  @IdField({ nullable: true, description: 'null hands the plan back' })
  @ValidateIf((_object, value) => value !== null)
  @IsUUID('all', { message: 'is not a client id' })
  providerClientId!: string | null;
}

export class DownloadVariant {
  @IdField()
  @IsUUID('all', { message: 'is not a floor plan variant id' })
  floorplanVariantId!: string;
}

export class VariantResponse {
  @IdField()
  id!: string;
  @ApiProperty()
  name!: string;
  @IdField()
  orderId!: string;
  @ApiProperty()
  orderNumber!: number;
  @IdField({ nullable: true, description: 'the order the delivering order amends, null for a first order' })
  amendsOrderId!: string | null;
  @IdField()
  propertyId!: string;
  @ApiProperty()
  propertyTitle!: string;
  @OneOfField(FLOORPLAN_KINDS)
  kind!: FloorplanKind;
  @IdField({ nullable: true })
  providerClientId!: string | null;
  @ApiProperty()
  filename!: string;
  @ApiProperty()
  contentType!: string;
  @TimeField()
  createdAt!: Date;
}

/** A variant in the back office's select (001 §3 "Floorplan variant: id, name"), with its provider. */
export class AdminVariantResponse extends VariantResponse {
  @IdField()
  providerId!: string;
}

export class DownloadResponse {
  @ApiProperty({ description: 'a presigned link to the file, valid for an hour' })
  url!: string;
  @ApiProperty()
  filename!: string;
}

export class TemplateResponse {
  @ApiProperty()
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty()
  description!: string;
}

export class ConfigurationFields {
  @RequiredOneOf(TEMPLATE_IDS)
  template!: FloorplanTemplate;

  @RequiredOneOf(UNITS)
  units!: Units;

  @RequiredFlag()
  showDimensions!: boolean;

  @RequiredFlag()
  showRoomAreas!: boolean;

  @RequiredFlag()
  showTotalArea!: boolean;

  @OptionalString(7)
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour like #1a2b3c' })
  brandColour?: string | null;

  @OptionalString(80)
  customTemplateName?: string | null;

  @OptionalString(2000)
  supplierNotes?: string | null;
}

/** `floorplan_configuration` (002 §7 update.json). */
export class UpdateConfiguration {
  @Nested(() => ConfigurationFields)
  floorplanConfiguration!: ConfigurationFields;
}

export class ConfigurationResponse {
  @OneOfField(TEMPLATE_IDS)
  template!: FloorplanTemplate;
  @OneOfField(UNITS)
  units!: Units;
  @ApiProperty()
  showDimensions!: boolean;
  @ApiProperty()
  showRoomAreas!: boolean;
  @ApiProperty()
  showTotalArea!: boolean;
  @TextField({ nullable: true })
  brandColour!: string | null;
  @TextField({ nullable: true })
  customTemplateName!: string | null;
  @TextField({ nullable: true })
  supplierNotes!: string | null;
  @ApiProperty({ description: 'false while the provider draws in the defaults' })
  configured!: boolean;
}

/** What the order form and the editor offer: the templates, the units, and how this provider's plans are drawn. */
export class TemplateOptionsResponse {
  @ListField(TemplateResponse)
  templates!: TemplateResponse[];
  @ApiProperty({ enum: UNITS, isArray: true })
  units!: Units[];
  @ApiProperty({ type: ConfigurationResponse })
  current!: ConfigurationResponse;
}

export const TEMPLATES: TemplateResponse[] = FLOORPLAN_TEMPLATES.map((template) => ({ ...template }));
