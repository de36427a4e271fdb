export const AUDIENCE_GROUP_NAMES = [
  "General Population",
  "Gender",
  "Age",
  "Generations",
  "Income",
  "Education",
  "Employment",
  "Life Stage",
  "Influencers",
  "Media & Technology",
  "Residence",
  "Custom",
] as const;

type GroupName = (typeof AUDIENCE_GROUP_NAMES)[number];

export interface AudienceRow {
  readonly name: string;
  readonly groups: readonly GroupName[];
  /** retired or client-private audiences; these never have brandscape rows */
  readonly active?: boolean;
  readonly public?: boolean;
}

const ages = ["18-24", "25-34", "35-44", "45-54", "55-64", "65+", "18-34", "35-54", "55+"];
const generations = ["Gen Z", "Millennials", "Gen X", "Baby Boomers"];
const incomes = ["Low Income", "Middle Income", "High Income", "Top 10% Income"];
const residences = ["Urban", "Suburban", "Rural"];

const plain = (group: GroupName, names: readonly string[]): AudienceRow[] => names.map((name) => ({ name, groups: [group] }));

/** The first row ("All Adults") is every study's default audience. */
export const AUDIENCE_ROWS: readonly AudienceRow[] = [
  ...plain("General Population", ["All Adults"]),
  ...plain("Gender", ["Men", "Women"]),
  ...plain(
    "Age",
    ages.map((band) => `Ages ${band}`),
  ),
  ...plain("Generations", generations),
  ...plain("Income", incomes),
  ...plain("Education", ["Secondary Education", "University Educated", "Postgraduate"]),
  ...plain("Employment", ["Full-time Employed", "Part-time Employed", "Self-employed", "Students", "Retired", "Homemakers"]),
  ...plain("Life Stage", ["Singles", "Couples without Children", "Parents", "Parents of Children under 6", "Empty Nesters"]),
  ...plain("Influencers", ["Thought Leaders", "Influentials", "Early Adopters", "Prime Prospects"]),
  ...plain("Media & Technology", ["Heavy Social Media Users", "Streaming Subscribers", "Gamers", "News Readers"]),
  ...plain("Residence", residences),
  ...["Men", "Women"].flatMap((gender) => ages.map((band): AudienceRow => ({ name: `${gender} ${band}`, groups: ["Gender", "Age"] }))),
  ...generations.flatMap((generation) =>
    ["Men", "Women"].map((gender): AudienceRow => ({ name: `${generation} ${gender}`, groups: ["Generations", "Gender"] })),
  ),
  ...generations.flatMap((generation) =>
    incomes.map((income): AudienceRow => ({ name: `${income} ${generation}`, groups: ["Generations", "Income"] })),
  ),
  ...generations.map((generation): AudienceRow => ({ name: `${generation} Parents`, groups: ["Generations", "Life Stage"] })),
  ...generations.flatMap((generation) =>
    residences.map((residence): AudienceRow => ({ name: `${residence} ${generation}`, groups: ["Generations", "Residence"] })),
  ),
  { name: "Generation Y (2012 definition)", groups: ["Generations"], active: false },
  { name: "Young Adults 18-29 (legacy)", groups: ["Age"], active: false },
  { name: "Acme Corp Core Target", groups: ["Custom"], public: false },
  { name: "Acme Corp Growth Target", groups: ["Custom"], public: false },
  { name: "Globex Premium Buyers", groups: ["Custom"], public: false },
  { name: "Initech Switchers", groups: ["Custom"], public: false, active: false },
];
