import { Stack, Tabs } from '@mantine/core';
import { IconBeach, IconBuilding, IconCalendarPlus, IconCategory, IconDoor, IconSettings, IconTicket } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { OwnSchoolDetailsCard } from '../schools';
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
] as const;

/**
 * /schedulings (admin, subadmin): what the calendar is built from. The tab is in the address
 * (?tab=holidays), so a link or a reload opens the same one.
 */
export default function SchedulingSetupPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.some((t) => t.value === asked) ? (asked as string) : 'rooms';

  return (
    <Stack gap="lg">
      <PageHeader title="Schedule settings" subtitle="Rooms, lesson types, holidays, the make-up rules, and your school's details and time zone." />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'rooms' ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value}>
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
