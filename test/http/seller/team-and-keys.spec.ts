import { expect } from 'chai';
import { demoId } from '../../../infra/seed/demo-catalog';
import { isRefusal } from '../../../domain/shared/refusal';
import { OWNER_KEY, TestServer, expectProblem, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const ATLAS = demoId('demo:seller:atlas-trails');
const EVERYTHING = ['products:read', 'bookings:read', 'keys:manage', 'team:manage', 'webhooks:manage'];

/** Issue 10: the team (owners, admins, staff) and the secret keys that act for its members. */
describe('HTTP: team and secret keys (team:manage, keys:manage)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  const as = (secret: string) => ({
    get: (url: string) => server.request('GET', url, { key: null, secret }),
    post: (url: string, body?: unknown) => server.request('POST', url, { key: null, secret, body }),
    patch: (url: string, body: unknown) => server.request('PATCH', url, { key: null, secret, body }),
    delete: (url: string) => server.request('DELETE', url, { key: null, secret }),
  });
  const owner = () => as(OWNER_KEY);
  let emails = 0;
  const newMember = async (role: string) => {
    const added = schemas.expectAnswer('addTeamMember', await owner().post('/v1/team/members', { email: `m${++emails}@atlas.example`, name: 'Ana', role }));
    expect(added.role).to.equal(role);
    return added.id as string;
  };
  /** A member's first key comes from the platform (a dashboard sign-in would issue it); theirs from then on. */
  const keyOf = async (memberId: string, scopes: string[]): Promise<string> => {
    const issued = await server.engine.useCases.keys.issueMemberKey(ATLAS, memberId, { name: 'first', scopes });
    if (isRefusal(issued)) throw new Error(issued.detail);
    return issued.key;
  };

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
  });
  after(() => server.close());

  it('adds members with roles, lists them, refuses the same email twice', async () => {
    const id = await newMember('admin');
    const listed = schemas.expectAnswer('listTeamMembers', await owner().get('/v1/team/members'));
    expect(listed.data.find((m: { id: string }) => m.id === id)).to.include({ email: `m${emails}@atlas.example`, role: 'admin' });
    const again = schemas.expectProblem(
      await owner().post('/v1/team/members', { email: `M${emails}@atlas.example`, name: 'Ana', role: 'staff' }),
      409,
      'Conflict',
    );
    expect(again.reason).to.equal('member_exists');
    schemas.expectProblem(await owner().post('/v1/team/members', { email: 'x@atlas.example', name: 'X', role: 'boss' }), 422, 'InvalidInput');
  });

  it('lets only owners add, change or remove owners', async () => {
    const admin = await newMember('admin');
    const adminKey = await keyOf(admin, EVERYTHING);
    const refused = schemas.expectProblem(
      await as(adminKey).post('/v1/team/members', { email: 'boss@atlas.example', name: 'Boss', role: 'owner' }),
      403,
      'NotPermitted',
    );
    expect(refused).to.include({ permission: 'team:manage', reason: 'missing_permission' });
    const staff = schemas.expectAnswer(
      'addTeamMember',
      await as(adminKey).post('/v1/team/members', { email: 'staff@atlas.example', name: 'S', role: 'staff' }),
    );
    expect(staff.role).to.equal('staff');
  });

  it('shows a new key once, keeps only its digest, and acts for the member who made it', async () => {
    const admin = await newMember('admin');
    const adminKey = await keyOf(admin, EVERYTHING);
    const made = schemas.expectAnswer('createSecretKey', await as(adminKey).post('/v1/keys', { name: 'CRM sync', scopes: ['products:read', 'bookings:read'] }));
    expect(made.key).to.match(/^tp_sk_[A-Za-z0-9_-]{22,}$/);
    expect(made).to.include({ name: 'CRM sync', created_by: admin });
    expect(made.scopes).to.deep.equal(['products:read', 'bookings:read']);

    const listed = schemas.expectAnswer('listSecretKeys', await as(adminKey).get('/v1/keys'));
    const entry = listed.data.find((k: { id: string }) => k.id === made.id);
    expect(entry).to.deep.equal({ id: made.id, name: 'CRM sync', scopes: ['products:read', 'bookings:read'], created_at: made.created_at, created_by: admin });
    expect(JSON.stringify(listed)).to.not.include(made.key);

    const events = await server.engine.events.readAll(-1, 100_000);
    expect(JSON.stringify(events)).to.not.include(made.key);
    for (const name of await server.engine.docs.listCollections()) {
      expect(JSON.stringify(await server.engine.docs.collection(name).find({})), name).to.not.include(made.key);
    }

    expect((await as(made.key).get('/v1/products')).status).to.equal(200);
    const lacking = schemas.expectProblem(await as(made.key).get('/v1/keys'), 403, 'NotPermitted');
    expect(lacking).to.include({ permission: 'keys:manage', reason: 'missing_permission' });
  });

  it('revokes a key at once', async () => {
    const made = (await owner().post('/v1/keys', { name: 'temp', scopes: ['products:read'] })).body;
    expect((await as(made.key).get('/v1/products')).status).to.equal(200);
    schemas.expectAnswer('revokeSecretKey', await owner().delete(`/v1/keys/${made.id}`));
    schemas.expectProblem(await as(made.key).get('/v1/products'), 401, 'Unauthenticated');
    schemas.expectProblem(await owner().delete(`/v1/keys/${made.id}`), 404, 'NotFound');
    const listed = (await owner().get('/v1/keys')).body;
    expect(listed.data.map((k: { id: string }) => k.id)).to.not.include(made.id);
  });

  it('stops every key of a member who leaves the team', async () => {
    const admin = await newMember('admin');
    const adminKey = await keyOf(admin, EVERYTHING);
    const theirs = (await as(adminKey).post('/v1/keys', { name: 'theirs', scopes: ['products:read'] })).body.key;
    expect((await as(theirs).get('/v1/products')).status).to.equal(200);
    schemas.expectAnswer('removeTeamMember', await owner().delete(`/v1/team/members/${admin}`));
    schemas.expectProblem(await as(theirs).get('/v1/products'), 401, 'Unauthenticated');
    schemas.expectProblem(await as(adminKey).get('/v1/products'), 401, 'Unauthenticated');
  });

  it("keeps a key to what its member's role still allows", async () => {
    const admin = await newMember('admin');
    const adminKey = await keyOf(admin, EVERYTHING);
    expect((await as(adminKey).get('/v1/team/members')).status).to.equal(200);
    schemas.expectAnswer('changeTeamMember', await owner().patch(`/v1/team/members/${admin}`, { role: 'staff' }));
    const refused = schemas.expectProblem(await as(adminKey).get('/v1/team/members'), 403, 'NotPermitted');
    expect(refused).to.include({ permission: 'team:manage', reason: 'missing_permission' });
    expect((await as(adminKey).get('/v1/products')).status).to.equal(200);
  });

  it("lets owners set the team's calls per minute, which every key of the team then gets", async () => {
    const admin = await newMember('admin');
    const adminKey = await keyOf(admin, EVERYTHING);
    expect(schemas.expectAnswer('getTeam', await owner().get('/v1/team'))).to.deep.equal({ rate_limit_per_minute: null });
    const refused = schemas.expectProblem(await as(adminKey).patch('/v1/team', { rate_limit_per_minute: 3 }), 403, 'NotPermitted');
    expect(refused).to.include({ permission: 'team:manage', reason: 'missing_permission' });

    const fresh = (await owner().post('/v1/keys', { name: 'counted', scopes: ['products:read'] })).body.key;
    expect(schemas.expectAnswer('changeTeam', await owner().patch('/v1/team', { rate_limit_per_minute: 3 }))).to.deep.equal({ rate_limit_per_minute: 3 });
    for (let call = 0; call < 3; call++) expect((await as(fresh).get('/v1/products')).status).to.equal(200);
    const over = schemas.expectProblem(await as(fresh).get('/v1/products'), 429, 'RateLimited');
    expect(over.retry_after_seconds).to.be.a('number');
    expect(over).to.not.have.property('permission');

    server.clock.tick(60_000);
    const limited = await as(fresh).get('/v1/products');
    expect(limited.headers.get('ratelimit-limit')).to.equal('3');
    schemas.expectAnswer('changeTeam', await owner().patch('/v1/team', { rate_limit_per_minute: null }));
    expect((await as(fresh).get('/v1/products')).headers.get('ratelimit-limit')).to.equal('100000');
  });

  it('refuses a key with a permission its member cannot hold', async () => {
    const staff = await newMember('staff');
    const refused = await server.engine.useCases.keys.issueMemberKey(ATLAS, staff, { name: 'too much', scopes: ['products:read', 'team:manage'] });
    expect(refused).to.deep.include({ refused: true, code: 'NotPermitted' });
    expect(isRefusal(refused) && refused.fields).to.deep.equal({ permission: 'team:manage', reason: 'missing_permission' });
  });
});

describe('HTTP: the demo team and its last owner', () => {
  let server: TestServer;
  const owner = (method: string, url: string, body?: unknown) => server.request(method, url, { key: null, secret: OWNER_KEY, body });

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('seeds an owner the demo keys act for, who as the last owner can neither leave nor be demoted', async () => {
    const members = (await owner('GET', '/v1/team/members')).body.data as any[];
    const seeded = members.find((m) => m.email === 'owner@atlas-trails.example');
    expect(seeded).to.include({ role: 'owner' });
    const keys = (await owner('GET', '/v1/keys')).body.data as any[];
    expect(keys.map((k) => k.created_by)).to.include(seeded.id);

    const second = (await owner('POST', '/v1/team/members', { email: 'co-owner@atlas.example', name: 'Co', role: 'owner' })).body.id;
    expect((await owner('DELETE', `/v1/team/members/${second}`)).status).to.equal(200);
    const demoted = expectProblem(await owner('PATCH', `/v1/team/members/${seeded.id}`, { role: 'admin' }), 409, 'Conflict');
    expect(demoted.reason).to.equal('last_owner');
    const left = expectProblem(await owner('DELETE', `/v1/team/members/${seeded.id}`), 409, 'Conflict');
    expect(left.reason).to.equal('last_owner');
  });
});
