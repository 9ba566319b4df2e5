import { Stack, Tabs } from '@mantine/core';
import { IconBeach, IconBuilding, IconCalendarPlus, IconCategory, IconDoor, IconFileExport, IconSettings, IconTicket } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { OwnSchoolDetailsCard } from '../schools';
import { DataExportCard } from '../data-export';
import { DATA_EXPORT_ROUTES } from '../../../shared/contracts/data-export';
import { mayCall } from '../../../shared/permissions';
import { useRequiredSession } from '../../lib/useSession';
import { CreditsTab } from './CreditsTab';
import { HolidaysTab } from './HolidaysTab';
import { LessonTypesTab } from './LessonTypesTab';
import { MakeupSlotsTab } from './MakeupSlotsTab';
import { RoomsTab } from './RoomsTab';
import { SettingsTab } from './SettingsTab';

const TABS = [
  { value: 'rooms', label: 'Rooms', icon: IconDoor, Panel: RoomsTab },
  { value: 'lesson-types', label: 'Lesson Types', icon: IconCategory, Panel: LessonTypesTab },
  { value: 'holidays', label: 'Holidays', icon: IconBeach, Panel: HolidaysTab },
  { value: 'rules', label: 'Make-up Rules', icon: IconSettings, Panel: SettingsTab },
  { value: 'credits', label: 'Make-up Credits', icon: IconTicket, Panel: CreditsTab },
  { value: 'slots', label: 'Make-up Slots', icon: IconCalendarPlus, Panel: MakeupSlotsTab },
  { value: 'school', label: 'School & Time Zone', icon: IconBuilding, Panel: OwnSchoolDetailsCard },
  // The school's whole data as one file: its admin's alone (decision 092).
  { value: 'export', label: 'Export Data', icon: IconFileExport, Panel: SchoolExportPanel },
] as const;

function SchoolExportPanel() {
  return <DataExportCard scope="school" />;
}

/**
 * /schedulings (admin, subadmin): what the calendar is built from. The tab is in the address
 * (?tab=holidays), so a link or a reload opens the same one.
 */
export default function SchedulingSetupPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useRequiredSession();
  const exports = mayCall(DATA_EXPORT_ROUTES.start, user);
  const tabs = TABS.filter((t) => t.value !== 'export' || exports);
  const asked = params.get('tab');
  const tab = tabs.some((t) => t.value === asked) ? (asked as string) : 'rooms';

  return (
    <Stack gap="lg">
      <PageHeader title="Schedule settings" subtitle="Rooms, lesson types, holidays, the make-up rules, your school's details and time zone, and its data export." />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'rooms' ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value}>
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
