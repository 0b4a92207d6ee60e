import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Company } from 'contract/browser';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  failWith,
  mockEndpoint,
  render,
  type Dialogs,
} from 'shared-ui/testing';
import { CompanySettings } from './CompanySettings';

const SAVED: Company = {
  name: 'Noor & Sons',
  address: '12 Mall Road',
  phone: '',
  email: '',
  taxNumber: '',
  logo: null,
};

describe('CompanySettings', () => {
  let dialogs: Dialogs;
  beforeEach(() => {
    dialogs = collectDialogs();
  });

  it('should show the saved details and save the changed ones', async () => {
    mockEndpoint(endpoints.getCompany, SAVED);
    const save = mockEndpoint(endpoints.saveCompany, {
      message: 'Company details saved',
      company: { ...SAVED, taxNumber: 'NTN-1' },
    });
    render(<CompanySettings />);
    expect(await screen.findByLabelText('Company name')).toHaveValue('Noor & Sons');
    expect(screen.getByLabelText('Address')).toHaveValue('12 Mall Road');
    expect(screen.getByText('No logo')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Tax number'), 'NTN-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Company details saved']));
    expect(save.calls[0]?.body).toEqual({
      name: 'Noor & Sons',
      address: '12 Mall Road',
      phone: '',
      email: '',
      taxNumber: 'NTN-1',
    });
    expect(await axeViolations()).toEqual([]);
  });

  it("should alert the server's message when a logo is refused", async () => {
    mockEndpoint(endpoints.getCompany, SAVED);
    mockEndpoint(endpoints.saveCompanyLogo, failWith(400, 'The logo must be a PNG or JPEG image'));
    render(<CompanySettings />);
    const picker = await screen.findByLabelText('Logo (PNG or JPEG, at most 40 KB)');
    await userEvent.upload(picker, new File(['not an image'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['The logo must be a PNG or JPEG image']));
  });

  it('should show a kept logo with Remove logo', async () => {
    mockEndpoint(endpoints.getCompany, { ...SAVED, logo: { mediaType: 'image/png', bytes: 2048 } });
    render(<CompanySettings />);
    expect(await screen.findByText('Logo: PNG, 2 KB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeEnabled();
  });
});
