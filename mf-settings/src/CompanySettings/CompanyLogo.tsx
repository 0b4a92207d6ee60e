import type { ChangeEvent } from 'react';
import { apiMessages, LOGO_MAX_BYTES, type Company } from 'contract/browser';
import { Button, endpoints, messages, notify, useApiWrite } from 'shared-ui';

export interface CompanyLogoProps {
  logo: Company['logo'];
}

/** The file's bytes in base64, as the logo call takes them. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // A data URL: `data:<type>;base64,<bytes>`.
    reader.onload = () => resolve(String(reader.result).replace(/^[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** The logo: what is kept (type and size), a file picker to replace it, and Remove logo. */
export function CompanyLogo({ logo }: CompanyLogoProps) {
  const save = useApiWrite(endpoints.saveCompanyLogo, { success: messages.logoSaved });
  const remove = useApiWrite(endpoints.removeCompanyLogo, { success: messages.logoRemoved });

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    try {
      // Checked here too, so an oversized file is not sent only to be refused.
      if (file.size > LOGO_MAX_BYTES) {
        notify(apiMessages.logoTooLarge);
        return;
      }
      let logo: string;
      try {
        logo = await base64Of(file);
      } catch {
        notify(endpoints.saveCompanyLogo.texts.error);
        return;
      }
      await save.run({ body: { logo } });
    } finally {
      input.value = '';
    }
  };

  const onRemove = () => remove.run();

  return (
    <div className="ofs-card">
      <p>
        {logo
          ? `${messages.logoSet} ${logo.mediaType === 'image/png' ? 'PNG' : 'JPEG'}, ${Math.ceil(logo.bytes / 1024)} KB`
          : messages.noLogo}
      </p>
      <label>
        {messages.companyLogo}{' '}
        <input
          type="file"
          name="logo"
          accept="image/png,image/jpeg"
          disabled={save.isPending}
          onChange={(event) => void onPick(event)}
        />
      </label>
      {logo && (
        <Button variant="danger" onClick={() => void onRemove()} busy={remove.isPending}>
          {messages.removeLogo}
        </Button>
      )}
    </div>
  );
}
