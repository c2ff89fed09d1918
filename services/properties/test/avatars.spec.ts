import { tourPublicId } from '@tourly/contracts';
import { Database, mustBe, rows } from '@tourly/platform';
import sharp from 'sharp';
import { AVATAR_SIZE } from '../src/uploads/images';
import { onStarter } from '../../../test/support/provider';
import { aProperty, multipart, objectKeys, png, postMultipart, storageClient } from './media-support';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const NOT_AN_IMAGE = mustBe(['image']);

/**
 * People's uploaded pictures (issue 31): a person's own (set, replaced, removed; an image by its bytes, like a
 * photo), the team list's pictures of the caller's provider's people only, and the public player's agents with
 * theirs. The whole platform: identity says who the provider's people are.
 */
describe('avatars', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let other: Person;
  let agent: Person;
  let agentId: string;

  const db = () => it_.propertiesDb.dataSource;
  const putAvatar = (person: Person, filename: string, content: Buffer, contentType?: string) =>
    postMultipart(
      it_,
      person,
      '/profile/avatar',
      multipart('avatar', { filename, content, contentType }),
      'PUT',
    );
  const ownAvatar = async (person: Person) => {
    const answer = await person.get('/profile/avatar');
    expect(answer.status).toBe(200);
    return answer.body.data.avatar_url as string | null;
  };
  const userIdOf = async (email: string) =>
    (
      (await it_.platform.services.identity.app
        .get(Database)
        .dataSource.query('SELECT id FROM users WHERE email = $1', [email])) as Array<{ id: string }>
    )[0]!.id;
  const storedFiles = async (providerId: string) =>
    (
      await rows<{ n: number }>(db(), 'SELECT count(*)::int AS n FROM files WHERE provider_id = $1', [
        providerId,
      ])
    )[0]!.n;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform({ s3: true });
    provider = await it_.signUp('Avatar Media');
    other = await it_.signUp('Other Avatar Media');
    const email = `avatar.agent.${Date.now()}@example.com`;
    await it_.aMember(email, provider.providerId, 'member');
    agentId = await userIdOf(email);
    agent = await it_.signIn(email);
  });
  afterAll(() => it_.stop());

  it('a PNG becomes the person’s picture: its small square thumbnail, downloadable; replaced; removed', async () => {
    expect(await ownAvatar(agent)).toBeNull();

    const first = await putAvatar(agent, 'me.png', await png(600, 400));
    expect(first.status).toBe(200);
    const url = first.body.data!.avatar_url as string;
    expect(await ownAvatar(agent)).toEqual(expect.any(String));
    const thumbnail = await fetch(url);
    expect(thumbnail.status).toBe(200);
    const facts = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(facts.format).toBe('jpeg');
    expect([facts.width, facts.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
    const [{ fileId: firstFile }] = await rows<{ fileId: string }>(
      db(),
      'SELECT file_id AS "fileId" FROM avatars WHERE user_id = $1',
      [agentId],
    );

    // Replaced: the new file is the picture, the old one is discarded (for the sweep).
    const second = await putAvatar(agent, 'me-again.png', await png(300, 300));
    expect(second.status).toBe(200);
    const [{ fileId: secondFile }] = await rows<{ fileId: string }>(
      db(),
      'SELECT file_id AS "fileId" FROM avatars WHERE user_id = $1',
      [agentId],
    );
    expect(secondFile).not.toBe(firstFile);
    const discarded = await rows<{ id: string; discarded: boolean }>(
      db(),
      'SELECT id, discarded_at IS NOT NULL AS discarded FROM files WHERE id = ANY($1::uuid[])',
      [[firstFile, secondFile]],
    );
    expect(Object.fromEntries(discarded.map((file) => [file.id, file.discarded]))).toEqual({
      [firstFile]: true,
      [secondFile]: false,
    });

    // Removed: none again, its file discarded; removing nothing is no error.
    const removed = await agent.send('delete', '/profile/avatar');
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ avatar_url: null });
    expect(await ownAvatar(agent)).toBeNull();
    const [{ discarded: gone }] = await rows<{ discarded: boolean }>(
      db(),
      'SELECT discarded_at IS NOT NULL AS discarded FROM files WHERE id = $1',
      [secondFile],
    );
    expect(gone).toBe(true);
    expect((await agent.send('delete', '/profile/avatar')).status).toBe(200);
  });

  it('a text file (even named .png and claimed as one) is a 422 in the photos’ words, and nothing is stored', async () => {
    const files = await storedFiles(provider.providerId);
    const bucket = it_.storage!.bucket;
    const keys = await objectKeys(storageClient(it_), bucket, `uploads/${provider.providerId}/`);
    const answer = await putAvatar(provider, 'me.png', Buffer.from('not a picture at all\n'), 'image/png');
    expect(answer).toEqual({ status: 422, body: { errors: { avatar: [NOT_AN_IMAGE] } } });
    expect(await storedFiles(provider.providerId)).toBe(files);
    expect(await objectKeys(storageClient(it_), bucket, `uploads/${provider.providerId}/`)).toEqual(keys);
    expect(await ownAvatar(provider)).toBeNull();
  });

  it('the team list’s pictures: only the caller’s provider’s people, anyone else left out', async () => {
    expect((await putAvatar(agent, 'me.png', await png(200, 200))).status).toBe(200);
    expect((await putAvatar(other, 'other.png', await png(200, 200))).status).toBe(200);
    const otherAdminId = await rows<{ userId: string }>(
      db(),
      // The other provider's admin: the user whose picture was just set in the other provider's files.
      `SELECT a.user_id AS "userId" FROM avatars a JOIN files f ON f.id = a.file_id WHERE f.provider_id = $1`,
      [other.providerId],
    );
    const otherId = otherAdminId[0]!.userId;

    const answer = await provider.get(`/profile/avatars?user_ids=${agentId},${otherId},not-an-id`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([{ user_id: agentId, avatar_url: expect.any(String) }]);
    expect((await fetch(answer.body.data[0].avatar_url)).status).toBe(200);

    // The other provider sees its own admin's, never the first provider's member's.
    const theirs = await other.get(`/profile/avatars?user_ids=${agentId},${otherId}`);
    expect(theirs.body.data).toEqual([{ user_id: otherId, avatar_url: expect.any(String) }]);
    expect((await provider.get('/profile/avatars')).body.data).toEqual([]);
  });

  it('the public player’s agents show the person’s picture (a contact or a person without one: null)', async () => {
    await onStarter(it_, provider);
    const propertyId = await aProperty(provider, 'Avatar Villa');
    const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    expect(
      (
        await provider.send('put', `/provider/properties/${propertyId}/published_features`, {
          published_features: { tour: true },
        })
      ).status,
    ).toBe(200);
    const providerAdminId = (await provider.get('/users/me')).body.data.user_id as string;
    expect(
      (
        await provider.send('patch', `/provider/properties/${propertyId}/contacts`, {
          agent_ids: [agentId, providerAdminId],
        })
      ).status,
    ).toBe(200);

    const tour = await it_.http.get(
      `/digital_twin/${encodeURIComponent(tourPublicId(link.client_slug, link.model_slug))}/layers/base.json`,
    );
    expect(tour.status).toBe(200);
    expect(tour.body.data.agents).toEqual([
      expect.objectContaining({ id: agentId, avatar_url: expect.any(String) }),
      expect.objectContaining({ id: providerAdminId, avatar_url: null }),
    ]);
    const picture = await fetch(tour.body.data.agents[0].avatar_url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
  });
});
