import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bizArticles, bizCategories, users } from '../../db/schema/index.js';

type DemoArticle = { title: string; summary: string; body: string; links?: { label: string; url: string }[]; videoUrl?: string; draft?: boolean };

const CATEGORIES: { name: string; description: string; articles: DemoArticle[] }[] = [
  {
    name: 'Marketing',
    description: 'Bring families to your door: your website, reviews and referrals.',
    articles: [
      {
        title: 'Turn your students into your best marketers',
        summary: 'A referral programme that families actually use.',
        body: '<h2>Why referrals work</h2><p>Families trust other families. A <strong>referral credit</strong> of one free lesson for both sides is easy to explain.</p><ul><li>Announce it at your recital</li><li>Print it on your invoices</li><li>Thank every referrer by name</li></ul>',
        links: [{ label: 'Referral card template', url: 'https://example.com/referral-card' }],
      },
      {
        title: 'Five things every music school website needs',
        summary: 'Clear prices, real teachers and one button to book a trial.',
        body: '<p>Visitors decide in seconds. Put your <em>trial lesson</em> button above the fold, show your teachers with photos, and list your prices.</p><ol><li>Trial lesson button</li><li>Teachers and instruments</li><li>Prices</li><li>Location and hours</li><li>Reviews</li></ol>',
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    ],
  },
  {
    name: 'Pricing',
    description: 'Set prices that keep your school healthy and your families happy.',
    articles: [
      {
        title: 'Monthly plans instead of paying per lesson',
        summary: 'Steady income and fewer missed lessons.',
        body: '<p>A monthly plan spreads the year evenly and makes cancellations rarer. Offer make-up lessons for the ones that are missed.</p>',
      },
      {
        title: 'When and how to raise your prices',
        summary: 'Tell families early, explain why, and grandfather for a term.',
        body: '<h2>Give notice</h2><p>Two months before the new term is fair. Explain what the money goes to: <strong>teachers, rooms, recitals</strong>.</p>',
      },
    ],
  },
  {
    name: 'Recitals',
    description: 'Plan recitals that students remember and families talk about.',
    articles: [
      {
        title: 'A recital checklist, twelve weeks out',
        summary: 'Venue, programme, rehearsals and the thank-you email.',
        body: '<ul><li>12 weeks: book the venue</li><li>8 weeks: pieces chosen</li><li>4 weeks: programme printed</li><li>1 week: dress rehearsal</li></ul>',
      },
      {
        title: 'Recruiting at your recital',
        summary: 'Guests are your next students: give them a way to sign up.',
        body: '<p>Put a sign-up QR code in the programme that leads to your register widget.</p>',
        draft: true,
      },
    ],
  },
];

/**
 * Build My Biz's demo (issue 17): three categories with two articles each, written by the demo
 * superadmin (one a draft, which schools do not see).
 */
export async function seedMyBizDemo(tx: Tx, now: Date): Promise<void> {
  const [provider] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'superadmin'));
  if (!provider) throw new Error('The Build My Biz demo needs the demo superadmin');
  let age = 30;
  for (const [position, category] of CATEGORIES.entries()) {
    const [row] = await tx.insert(bizCategories).values({ name: category.name, description: category.description, position: position + 1 }).returning();
    for (const a of category.articles) {
      const createdAt = new Date(now.getTime() - age-- * 86_400_000);
      await tx.insert(bizArticles).values({
        categoryId: row!.id, title: a.title, summary: a.summary, bodyHtml: a.body, links: a.links ?? [], videoUrl: a.videoUrl ?? null,
        authorId: provider.id, publishedAt: a.draft ? null : createdAt, createdAt, updatedAt: createdAt,
      });
    }
  }
}
