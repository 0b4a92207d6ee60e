import type { ChangeEvent } from 'react';
import { apiMessages, LOGO_MAX_BYTES, type Company } from 'contract';
import { Button, endpoints, errorMessage, messages, notify, useApiMutation } from 'shared-ui';

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
  const save = useApiMutation(endpoints.saveCompanyLogo);
  const remove = useApiMutation(endpoints.removeCompanyLogo);

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
      await save.mutateAsync({ body: { logo: await base64Of(file) } });
      notify(messages.logoSaved);
    } catch (error) {
      notify(errorMessage(error, endpoints.saveCompanyLogo.texts.error));
    } finally {
      input.value = '';
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync(undefined);
      notify(messages.logoRemoved);
    } catch (error) {
      notify(errorMessage(error, endpoints.removeCompanyLogo.texts.error));
    }
  };

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
