import { Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconChecklist, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './LoginPage.module.css';

type Point = { icon: ReactNode; title: string; text: string };

/** Only what Cadenza does today (issue 10: the login page promises only what exists). */
const POINTS: Point[] = [
  {
    icon: <IconCalendarEvent size={20} />,
    title: 'Lessons that run on time',
    text: 'Daily, weekly and monthly calendars for every teacher and room, with cancelled lessons and make-up credits tracked to their expiry date.',
  },
  {
    icon: <IconChecklist size={20} />,
    title: 'Attendance and reminders',
    text: 'Take attendance from the lesson, see the attendance report, and let families get an email before each lesson and a calendar link for their phone.',
  },
  {
    icon: <IconUserPlus size={20} />,
    title: 'Families in one place',
    text: 'Add students one by one or from a CSV file, invite them and their parents by email, and let new students sign up on your own page.',
  },
  {
    icon: <IconUsers size={20} />,
    title: 'One place for the whole studio',
    text: 'Admins, teachers, students and parents each see exactly what they need, and Recent activities shows who changed what.',
  },
];

/** The pitch beside the sign-in form (docs/domains/accounts.md "Screens and routes": a marketing card). */
export function MarketingCard() {
  return (
    <aside className={classes.marketing} aria-labelledby="marketing-title">
      <div>
        <Title id="marketing-title" order={2} c="white">
          Your music school, in tune
        </Title>
        <Text mt="xs" className={classes.soft}>
          Cadenza brings lessons, attendance and families together, so you spend less time on
          paperwork and more time on music.
        </Text>
      </div>
      {POINTS.map((point) => (
        <div key={point.title} className={classes.point}>
          <span className={classes.pointIcon} aria-hidden>
            {point.icon}
          </span>
          <div>
            <Text fw={600}>{point.title}</Text>
            <Text size="sm" className={classes.soft}>
              {point.text}
            </Text>
          </div>
        </div>
      ))}
    </aside>
  );
}
