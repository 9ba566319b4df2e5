import { Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMetronome, IconReceipt2, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './LoginPage.module.css';

type Point = { icon: ReactNode; title: string; text: string };

const POINTS: Point[] = [
  {
    icon: <IconCalendarEvent size={20} />,
    title: 'Lessons that run on time',
    text: 'Weekly, daily and monthly calendars for every teacher and room, with cancelled and banked lessons tracked to their expiry date.',
  },
  {
    icon: <IconReceipt2 size={20} />,
    title: 'Billing that collects itself',
    text: 'Build plans, send invoices and take card payments. Recurring invoices go out on schedule, and payroll adds itself up.',
  },
  {
    icon: <IconMetronome size={20} />,
    title: 'Practice you can see',
    text: 'Assign pieces, let students time their practice, and follow every streak between one lesson and the next.',
  },
  {
    icon: <IconUsers size={20} />,
    title: 'One place for the whole studio',
    text: 'Admins, teachers, students and parents each see exactly what they need, from reports to group email.',
  },
];

/** The pitch beside the sign-in form (spec section 2: a marketing card). */
export function MarketingCard() {
  return (
    <aside className={classes.marketing} aria-labelledby="marketing-title">
      <div>
        <Title id="marketing-title" order={2} c="white">
          Your music school, in tune
        </Title>
        <Text mt="xs" className={classes.soft}>
          Cadenza brings lessons, billing and practice together, so you spend less time on
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
