// The Settings screen's Company tab (admins): the company's name, address, phone, e-mail, tax
// number and logo, which head every Excel and PDF the server makes.
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Company } from 'contract/browser';
import { Button, TextField, endpoints, messages, useApiQuery, useApiWrite } from 'shared-ui';
import { CompanyLogo } from './CompanyLogo';

type Draft = Pick<Company, 'name' | 'address' | 'phone' | 'email' | 'taxNumber'>;

const draftOf = (company: Company): Draft => ({
  name: company.name,
  address: company.address,
  phone: company.phone,
  email: company.email,
  taxNumber: company.taxNumber,
});

export function CompanySettings() {
  const company = useApiQuery(endpoints.getCompany, undefined);
  if (!company.data) return <p>{messages.loading}</p>;
  return (
    <section aria-label={messages.companyTab}>
      {/* Keyed by the saved details, so the form starts again from what the server holds. */}
      <CompanyForm key={JSON.stringify(draftOf(company.data))} saved={company.data} />
      <CompanyLogo logo={company.data.logo} />
    </section>
  );
}

function CompanyForm({ saved }: { saved: Company }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const save = useApiWrite(endpoints.saveCompany, { success: messages.companySaved });
  const field = (name: keyof Draft) => (value: string) =>
    setDraft((previous) => ({ ...previous, [name]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await save.run({ body: draft });
  };

  return (
    <form className="ofs-card" onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={messages.companyName}
        name="name"
        required
        maxLength={200}
        value={draft.name}
        onChange={field('name')}
      />
      <TextField
        label={messages.companyAddress}
        name="address"
        maxLength={500}
        value={draft.address}
        onChange={field('address')}
      />
      <TextField
        label={messages.companyPhone}
        name="phone"
        type="tel"
        maxLength={50}
        value={draft.phone}
        onChange={field('phone')}
      />
      <TextField
        label={messages.companyEmail}
        name="email"
        type="email"
        maxLength={254}
        value={draft.email}
        onChange={field('email')}
      />
      <TextField
        label={messages.companyTaxNumber}
        name="taxNumber"
        maxLength={50}
        value={draft.taxNumber}
        onChange={field('taxNumber')}
      />
      <Button type="submit" busy={save.isPending} busyLabel={messages.savingCompany}>
        {messages.saveCompany}
      </Button>
    </form>
  );
}
