import { buildSchema, GraphQLError, specifiedRules, type ValidationRule } from 'graphql';

/**
 * The part of Matterport's Model API schema the platform queries (services/properties/src/matterport): the
 * `models` search and the `model(id)` read (with its rooms, its panoramas, `panoLocations`, and its add-ons,
 * `bundles`), with the fields the platform selects, and the one mutation it sends, `unlockModelBundle` (bundles.ts
 * says where its shapes come from). Documents are parsed and validated against it by the `graphql` reference
 * implementation, so any other field, argument or operation is refused as a real GraphQL server refuses it.
 */
export const MODEL_API_SCHEMA = buildSchema(/* GraphQL */ `
  scalar DateTime

  enum ModelState {
    active
    inactive
    processing
    failed
  }

  "Who may open the model: the account's members, anyone with its link, anyone, anyone with its password."
  enum ModelVisibility {
    private
    unlisted
    public
    password
  }

  type Address {
    address1: String
    city: String
    state: String
    postal: String
    "ISO 3166 alpha-2 code."
    country: String
  }

  type ModelImage {
    resizeUrl: String
  }

  type Floor {
    id: ID!
    label: String
  }

  "A room of the model, as its floor plan names it."
  type Room {
    id: ID!
    label: String
    floor: Floor
  }

  "How a panorama is projected: one 2:1 picture, or the six faces of a cube (not served by the emulator)."
  enum PanoramicImageFormat {
    equirectangular
    skybox
  }

  type Point {
    x: Float!
    y: Float!
    z: Float!
  }

  "A panorama's picture: a signed link, valid until validUntil."
  type PanoramicImage {
    id: ID!
    format: String!
    resolution: String
    url: String
    validUntil: DateTime
  }

  "Where a panorama was taken: a sweep of the model, its id the sweep's."
  type PanoramicImageLocation {
    id: ID!
    label: String
    position: Point
    "resolution: 512 (1024x512, the default) or 2k (2048x1024)."
    image(format: PanoramicImageFormat!, resolution: String): PanoramicImage
  }

  type Model {
    id: ID!
    name: String!
    state: ModelState!
    visibility: ModelVisibility!
    created: DateTime!
    image: ModelImage
    address: Address
    rooms: [Room!]!
    "One per sweep, in the order the space is walked."
    panoLocations: [PanoramicImageLocation!]!
    "The add-ons offered for the model, bought or not."
    bundles: [ModelBundle!]!
    "One add-on, by its id (floorplan:schematic, trueplan:schematic, mp:matterpak)."
    bundle(id: ID!): ModelBundle
  }

  "Whether the account has an add-on: unlocked (bought), gated (for sale), blocked or disabled (not for this account)."
  enum BundleAvailability {
    unlocked
    gated
    blocked
    disabled
  }

  enum AssetStatus {
    available
    locked
    unavailable
  }

  "A file of a delivered add-on: a signed link, valid until validUntil."
  type Asset {
    id: ID!
    url: String
    validUntil: DateTime
    "png, jpg, svg or zip."
    format: String
    filename: String
    status: AssetStatus
  }

  "An ordering option of an add-on: its key and the values it takes."
  type BundleOption {
    key: String!
    values: [String!]!
    description: String
  }

  input BundleOptionInput {
    key: String!
    value: String!
  }

  enum BundleProcessingStatus {
    pending
    completed
    failed
  }

  "The state of an add-on's latest order."
  type BundleProcessing {
    bundleId: ID!
    organizationId: ID!
    status: BundleProcessingStatus!
    lastModified: DateTime!
    failureCode: String
    failureReason: String
  }

  "An add-on (Matterport's 'bundle') of a model."
  type ModelBundle {
    id: ID!
    name: String
    description: String
    availability: BundleAvailability!
    "Its files once delivered; none before."
    assets: [Asset!]!
    availableOptions: [BundleOption!]!
    "Its latest order; null when never ordered."
    processing: BundleProcessing
  }

  type ModelSearchResult {
    id: ID!
    name: String!
    state: ModelState!
    visibility: ModelVisibility!
    created: DateTime!
    image: ModelImage
    address: Address
  }

  type ModelSearchResultList {
    totalResults: Int!
    "Where the next page starts; null on the last page."
    nextOffset: String
    results: [ModelSearchResult!]!
  }

  type Query {
    "The account's models, newest first."
    models(query: String, offset: String, pageSize: Int): ModelSearchResultList!
    model(id: ID!): Model
  }

  type Mutation {
    "Buys an add-on for the model (id: the model's id), with options from its availableOptions."
    unlockModelBundle(id: ID!, bundleId: ID!, bundleOptions: [BundleOptionInput!]): ModelBundle
  }
`);

/**
 * The validation rules: graphql's own, and its next major version's KnownOperationTypesRule, so a subscription
 * (the schema has none) is refused before execution as every other invalid document is. A mutation other than
 * `unlockModelBundle` is refused by graphql's own rules (`Cannot query field "patchModel" on type "Mutation".`).
 */
export const MODEL_API_RULES: readonly ValidationRule[] = [
  ...specifiedRules,
  (context) => ({
    OperationDefinition(node) {
      if (!context.getSchema().getRootType(node.operation)) {
        const message = `The ${node.operation} operation is not supported by the schema.`;
        context.reportError(new GraphQLError(message, { nodes: node }));
      }
    },
  }),
];
