import {
  everyCaller,
  expectStatus,
  matrixCases,
  providerAdmins,
  providerSide,
  type Credentials,
  type MatrixRoute,
  type Who,
} from '../../../test/support/authorization-matrix';
import { matterportDemoModelId } from '@tourly/emulators';
import { startPropertiesPlatform, type PropertiesPlatform } from './support';

const UNKNOWN = '01a20000-0000-7000-8000-000000000000';
/**
 * A model of the Matterport account Demo Media reads: the platform's own (identity answers `platform` for the demo
 * provider), the test platform's token id.
 */
const DEMO_MODEL = matterportDemoModelId('test-token-id', 0);

/** Every properties route x every role, on a property of Demo Media: the exact status. */
const ROUTES: Array<MatrixRoute<string>> = [
  { method: 'get', path: () => '/provider/properties', expect: providerSide(200) },
  { method: 'get', path: () => '/provider/billing/premium_tours', expect: providerAdmins(200) },
  { method: 'get', path: (id) => `/provider/properties/${id}`, expect: providerSide(200) },
  { method: 'get', path: () => `/provider/properties/${UNKNOWN}`, expect: providerSide(404) },
  {
    method: 'patch',
    path: (id) => `/provider/properties/${id}`,
    body: { property: { title: 'Renamed' } },
    expect: providerSide(200),
  },
  { method: 'get', path: (id) => `/provider/properties/${id}/published_features`, expect: providerSide(200) },
  { method: 'get', path: (id) => `/provider/properties/${id}/hero_image`, expect: providerSide(200) },
  {
    method: 'put',
    path: (id) => `/provider/properties/${id}/published_features`,
    body: { published_features: { tour: true } },
    // Demo Media is on the free plan: its own people are refused too, for the plan.
    expect: { anonymous: 401, others: 403 },
  },
  {
    method: 'post',
    path: (id) => `/provider/properties/${id}/preview_publish`,
    body: { published_features: { tour: true } },
    expect: providerSide(200),
  },
  {
    method: 'get',
    path: () => '/provider/properties/premium_tours/deactivation_preview?limit=0',
    expect: providerSide(200),
  },
  { method: 'get', path: () => '/provider/properties/matterport_spaces.json', expect: providerSide(200) },
  { method: 'get', path: () => '/provider/matterport_api/models', expect: providerSide(200) },
  {
    method: 'get',
    path: () => `/provider/matterport_api/rooms.json?matterport_key=${DEMO_MODEL}`,
    expect: providerSide(200),
  },
  {
    method: 'get',
    path: () => `/provider/matterport_models/matterport_info.json?matterport_key=${DEMO_MODEL}`,
    expect: providerSide(200),
  },
  {
    method: 'post',
    path: () => '/provider/properties',
    body: {
      create_tour_params: {
        title: 'Matrix House',
        address: '1 Matrix St, Sydney',
        matterport_key: 'Matrix12345',
      },
    },
    expect: providerSide(201),
  },
  {
    method: 'post',
    path: () => `/admin/properties/${UNKNOWN}/restore`,
    expect: { anonymous: 401, platform_admin: 404, others: 403 },
  },
];

describe('authorization matrix of properties', () => {
  let it_: PropertiesPlatform;
  let callers: Map<Who, Credentials | undefined>;
  let propertyId: string;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    const everyone = await everyCaller(it_);
    callers = everyone.callers;
    const created = await everyone.admin.send('post', '/provider/properties', {
      create_tour_params: {
        title: 'Matrix Base',
        address: '2 Matrix St, Sydney',
        matterport_key: 'MatrixBase1',
      },
    });
    propertyId = created.body.data.id;
  });
  afterAll(() => it_.stop());

  it.each(matrixCases<string>(ROUTES, ':id'))('%s as %s -> %i', (_label, who, status, route) =>
    expectStatus(it_.http, callers.get(who), route, propertyId, status),
  );
});
