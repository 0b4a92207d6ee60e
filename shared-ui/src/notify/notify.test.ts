import { confirm, notify } from './notify';

describe('notify and confirm', () => {
  afterEach(() => jest.restoreAllMocks());

  it('should show messages as browser alerts', () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    notify('Enter expense type');
    expect(alert).toHaveBeenCalledWith('Enter expense type');
  });

  it('should return what the user answered to a confirmation', () => {
    const ask = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    expect(confirm('Sure?')).toBe(false);
    expect(confirm('Sure?')).toBe(true);
    expect(ask).toHaveBeenCalledWith('Sure?');
  });
});
