import { LoadingScreen, Tabs, useCanWrite } from 'shared-ui';
import { AddPersonForm } from '../AddPersonForm';
import { PeopleList } from '../PeopleList';
import type { PeopleScreenConfig, PersonRecord } from './types';
import { usePeopleList } from './usePeopleList';
import './PeopleScreen.css';

export interface PeopleScreenProps<Row extends PersonRecord> {
  config: PeopleScreenConfig<Row>;
}

/**
 * The one Users / Employees / Clients screen (docs/product.md#screens-and-routes): an Add tab and a list tab, built from a
 * page's configuration. A read-only viewer gets the list alone, without Edit and Delete; the
 * tabs wait for the server to say who is signed in, so a viewer is never offered the Add form.
 */
export function PeopleScreen<Row extends PersonRecord>({ config }: PeopleScreenProps<Row>) {
  const { rows, loading } = usePeopleList(config);
  const canWrite = useCanWrite();
  const list = {
    id: 'manage',
    label: config.manageTab,
    content: (
      <PeopleList config={config} rows={rows} loading={loading} canWrite={canWrite === true} />
    ),
  };
  const add = {
    id: 'add',
    label: 'Add',
    content: <AddPersonForm config={config} />,
  };
  return (
    <div className="mf-people">
      <h1 className="ofs-page-title">{config.title}</h1>
      {canWrite === undefined ? (
        <LoadingScreen />
      ) : (
        <Tabs label={config.title} tabs={canWrite ? [add, list] : [list]} />
      )}
    </div>
  );
}
