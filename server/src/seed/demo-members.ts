import type { IndustryId, OutcomeType, ProfilePrivacy, SkillAreaId } from '@uplift/contracts';

/** Original demo people. The first four are the sign-in accounts of accounts.ts. */
export interface DemoMember {
  email: string;
  name: string;
  headline: string;
  bio: string;
  industry: IndustryId | null;
  city: string;
  region: string;
  country: string;
  skills: SkillAreaId[];
  tags: string[];
  links?: Array<{ label: string; url: string }>;
  privacy?: ProfilePrivacy;
  outcomes: Array<{ type: OutcomeType; monthsAgo: number; amount?: number; note?: string }>;
}

type Person = [
  name: string,
  industry: IndustryId | null,
  city: string,
  region: string,
  country: string,
  headline: string,
];

const people: Person[] = [
  [
    'Amara Okafor',
    'technology',
    'Lagos',
    'Lagos State',
    'Nigeria',
    'Junior data analyst, self-taught in SQL',
  ],
  [
    'Diego Ramírez',
    'hospitality',
    'Valencia',
    'Valencian Community',
    'Spain',
    'Front-of-house lead moving into events',
  ],
  [
    'Mei Chen',
    'healthcare',
    'Vancouver',
    'British Columbia',
    'Canada',
    'Clinic coordinator studying health informatics',
  ],
  [
    'Samuel Adeyemi',
    'education',
    'Manchester',
    'England',
    'United Kingdom',
    'Teaching assistant and weekend tutor',
  ],
  ['Priya Raman', 'technology', 'Bengaluru', 'Karnataka', 'India', 'QA tester learning test automation'],
  [
    'Tomás Oliveira',
    'construction',
    'Porto',
    'Norte',
    'Portugal',
    'Site supervisor, certified in safety management',
  ],
  ['Hannah Becker', 'healthcare', 'Leipzig', 'Saxony', 'Germany', 'Nurse moving into team leadership'],
  ['Kwame Mensah', 'retail', 'Accra', 'Greater Accra', 'Ghana', 'Store manager growing an online shop'],
  ['Sofia Rossi', 'education', 'Turin', 'Piedmont', 'Italy', 'Primary teacher building digital lessons'],
  [
    'Lucas Martin',
    'technology',
    'Lyon',
    'Auvergne-Rhône-Alpes',
    'France',
    'Support engineer learning cloud basics',
  ],
  ['Aisha Bello', 'retail', 'Abuja', 'FCT', 'Nigeria', 'Merchandiser turned category planner'],
  ['Jonas Lindqvist', 'logistics', 'Gothenburg', 'Västra Götaland', 'Sweden', 'Warehouse team lead'],
  ['Grace Njeri', 'healthcare', 'Nairobi', 'Nairobi County', 'Kenya', 'Pharmacy technician'],
  ['Mateo González', 'technology', 'Bogotá', 'Cundinamarca', 'Colombia', 'Front-end developer, two years in'],
  ['Emily Walsh', 'education', 'Cork', 'Munster', 'Ireland', 'Adult-education tutor in digital skills'],
  ['Yusuf Demir', 'retail', 'Izmir', 'Aegean', 'Türkiye', 'Sales associate learning e-commerce'],
  ['Chloé Dubois', 'creative', 'Montréal', 'Quebec', 'Canada', 'Freelance illustrator building a studio'],
  [
    'Ravi Patel',
    'finance',
    'Leicester',
    'England',
    'United Kingdom',
    'Bookkeeper studying for accounting exams',
  ],
  ['Nadia Haddad', 'healthcare', 'Beirut', 'Beirut', 'Lebanon', 'Medical receptionist and first-aid trainer'],
  ['Oliver Smith', 'technology', 'Leeds', 'England', 'United Kingdom', 'IT helpdesk analyst'],
  [
    'Fatima Zahra',
    'education',
    'Casablanca',
    'Casablanca-Settat',
    'Morocco',
    'Language teacher and course designer',
  ],
  ['Ana Kovač', 'hospitality', 'Split', 'Dalmatia', 'Croatia', 'Hotel reception supervisor'],
  ['Daniel Kim', 'technology', 'Busan', 'Busan', 'South Korea', 'Data-entry clerk learning Python'],
  [
    'Lerato Dlamini',
    'retail',
    'Johannesburg',
    'Gauteng',
    'South Africa',
    'Retail trainer and visual merchandiser',
  ],
  ['Marek Nowak', 'manufacturing', 'Wrocław', 'Lower Silesia', 'Poland', 'Machine operator in lean training'],
  ['Isabel Ferreira', 'healthcare', 'Lisbon', 'Lisbon', 'Portugal', 'Care worker studying social care'],
  ['Ahmed Saleh', 'education', 'Amman', 'Amman', 'Jordan', 'Maths teacher and exam coach'],
  ['Julia Novak', 'retail', 'Ljubljana', 'Central Slovenia', 'Slovenia', 'Assistant buyer'],
  ['Kofi Asante', null, 'Kumasi', 'Ashanti', 'Ghana', 'Between roles, retraining in logistics'],
  ['Laura Schmidt', 'nonprofit', 'Hamburg', 'Hamburg', 'Germany', 'Volunteer coordinator'],
];

const skillsCycle: [SkillAreaId[], ...SkillAreaId[][]] = [
  ['data-analytics', 'digital-literacy'],
  ['customer-focus', 'communication'],
  ['project-management', 'leadership'],
  ['communication', 'leadership'],
  ['entrepreneurship', 'financial-literacy'],
];

const amountTypes: [OutcomeType, ...OutcomeType[]] = ['raise', 'new-job', 'promotion', 'business-started'];

/** The list's entry at `index`, wrapping around. */
function cycle<T>(list: readonly [T, ...T[]], index: number): T {
  return list[index % list.length] ?? list[0];
}

function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/**
 * Two outcomes with amounts six months apart and a certification between, staggered so that every one
 * of the last 12 months has five members reporting: the small-group rule shows the whole trend.
 */
export const demoCommunity: DemoMember[] = people.map(
  ([name, industry, city, region, country, headline], i) => ({
    email: i < 4 ? `${slug(name)}@demo.uplift.community` : `${slug(name)}@members.demo.uplift.community`,
    name,
    headline,
    bio: `${headline}. I joined Uplift to measure where I stand and to meet people who have made the same move.`,
    industry,
    city,
    region,
    country,
    skills: cycle(skillsCycle, i),
    tags: [city.toLowerCase(), ...(industry ? [industry] : [])],
    outcomes: [
      { type: cycle(amountTypes, i), monthsAgo: i % 12, amount: 1200 + ((i * 737) % 9000) },
      {
        type: cycle(amountTypes, i + 1),
        monthsAgo: (i + 6) % 12,
        amount: 800 + ((i * 431) % 6000),
      },
      { type: 'certification', monthsAgo: (i + 3) % 12, note: 'Completed a recognised course' },
    ],
  }),
);
