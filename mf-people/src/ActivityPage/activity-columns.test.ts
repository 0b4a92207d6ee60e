import { whoText } from './activity-columns';

describe('who did it, in the activity', () => {
  it('should name the server as the actor of a batch it posted by itself', () => {
    expect(whoText({ actor: null, kind: 'batch' })).toBe('the server');
  });

  it('should name a person with their e-mail, and leave other rows without one blank', () => {
    const actor = { id: 1, name: 'Sara', email: 'sara@x.test', former: false };
    expect(whoText({ actor, kind: 'batch' })).toBe('Sara <sara@x.test>');
    expect(whoText({ actor: null, kind: 'session' })).toBe('—');
  });

  it('should name what did it when no user did: the automatic rollback, the deploy command', () => {
    const line = (by: unknown) => ({
      actor: null,
      kind: 'release' as const,
      changes: [
        { field: 'served', before: '0123456789ab', after: null },
        { field: 'by', before: null, after: by },
      ],
    });
    expect(whoText(line('automatic rollback'))).toBe('automatic rollback');
    expect(whoText(line('npm run deploy (ops@host)'))).toBe('npm run deploy (ops@host)');
    expect(whoText(line(3))).toBe('—');
  });
});
