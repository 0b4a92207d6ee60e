import { Tabs } from 'shared-ui';
import { AddPersonForm } from '../AddPersonForm';
import { PeopleList } from '../PeopleList';
import type { PeopleScreenConfig, PersonRecord } from './types';
import { usePeopleList } from './usePeopleList';
import './PeopleScreen.css';

export interface PeopleScreenProps<Row extends PersonRecord> {
  config: PeopleScreenConfig<Row>;
}

/**
 * The one Users / Employees / Clients screen (spec §2): an Add tab and a list tab, built from a
 * page's configuration.
 */
export function PeopleScreen<Row extends PersonRecord>({ config }: PeopleScreenProps<Row>) {
  const { rows, loading, reload } = usePeopleList(config);
  return (
    <div className="mf-people">
      <h1 className="ofs-page-title">{config.title}</h1>
      <Tabs
        label={config.title}
        tabs={[
          {
            id: 'add',
            label: 'Add',
            content: <AddPersonForm config={config} onAdded={() => void reload()} />,
          },
          {
            id: 'manage',
            label: config.manageTab,
            content: <PeopleList config={config} rows={rows} loading={loading} reload={reload} />,
          },
        ]}
      />
    </div>
  );
}
