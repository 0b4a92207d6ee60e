import { TOPICS, changesWhatItReads, endpoints, type Endpoint } from '../src/index.js';

const all = Object.entries(endpoints) as Array<[string, Endpoint]>;
const gets = all.filter(([, endpoint]) => endpoint.method === 'GET');
const others = all.filter(([, endpoint]) => endpoint.method !== 'GET');

describe("the endpoints' topics", () => {
  it('has every GET say what it reads, and nothing it changes', () => {
    for (const [name, endpoint] of gets) {
      expect({ name, reads: (endpoint.reads ?? []).length > 0 }).toEqual({ name, reads: true });
      expect({ name, changes: endpoint.changes }).toEqual({ name, changes: undefined });
    }
  });

  it('has every other call say what it changes, and nothing it reads', () => {
    for (const [name, endpoint] of others) {
      expect({ name, changes: Array.isArray(endpoint.changes) }).toEqual({ name, changes: true });
      expect({ name, reads: endpoint.reads }).toEqual({ name, reads: undefined });
    }
  });

  it('names only topics of the set, each once', () => {
    for (const [name, endpoint] of all) {
      const topics = [...(endpoint.reads ?? []), ...(endpoint.changes ?? [])];
      expect({ name, unknown: topics.filter((topic) => !TOPICS.includes(topic)) }).toEqual({
        name,
        unknown: [],
      });
      expect({ name, repeated: topics.length - new Set(topics).size }).toEqual({
        name,
        repeated: 0,
      });
    }
  });

  it('uses every topic: each is read by a GET and changed by a call', () => {
    const read = new Set(gets.flatMap(([, endpoint]) => endpoint.reads ?? []));
    const changed = new Set(others.flatMap(([, endpoint]) => endpoint.changes ?? []));
    expect(TOPICS.filter((topic) => !read.has(topic) || !changed.has(topic))).toEqual([]);
  });

  it('has every write that a user makes change something a GET reads, but previews and sign-ins', () => {
    const changeNothing = others
      .filter(([, endpoint]) => endpoint.changes?.length === 0)
      .map(([name]) => name)
      .sort();
    expect(changeNothing).toEqual([
      'login',
      'loginCode',
      'logout',
      'previewImport',
      'previewStatement',
    ]);
  });

  it("has a write that answers with a read's new state name a GET of its own path without input", () => {
    const answering = others.filter(([, endpoint]) => endpoint.answersRead !== undefined);
    expect(answering.map(([name]) => name).sort()).toEqual([
      'moveBooksClosed',
      'savePreferences',
      'saveSecuritySettings',
    ]);
    for (const [name, write] of answering) {
      const read = (endpoints as Record<string, Endpoint>)[write.answersRead ?? ''];
      expect({
        name,
        method: read?.method,
        path: read?.path,
        input: read?.query ?? read?.params,
      }).toEqual({
        name,
        method: 'GET',
        path: write.path,
        input: undefined,
      });
      // The read's answer is the write's: the cache may take one for the other.
      expect({ name, same: read?.responses[200] === write.responses[200] }).toEqual({
        name,
        same: true,
      });
      // And the write changes what the read reads, so a read not yet cached is asked for afresh.
      expect({ name, refreshed: changesWhatItReads(write, read as Endpoint) }).toEqual({
        name,
        refreshed: true,
      });
    }
  });

  it('refreshes a read after a write exactly when they share a topic', () => {
    expect(changesWhatItReads(endpoints.addClient, endpoints.listClients)).toBe(true);
    expect(changesWhatItReads(endpoints.addClient, endpoints.listUsers)).toBe(false);
    expect(changesWhatItReads(endpoints.addExpense, endpoints.listJournal)).toBe(true);
    expect(changesWhatItReads(endpoints.addExpense, endpoints.listClients)).toBe(false);
  });
});
