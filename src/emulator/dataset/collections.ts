import { hash32, Rng } from "../prng";
import type { BrandRecord, CollectionRecord, UserRecord } from "./types";

export const CURRENT_USER_ID = 1;

const USERS: readonly string[] = ["Emulator User", "Ana García", "Tom Becker", "Priya Shah", "Kenji Sato"];

const TAGS: readonly string[] = [
  "benchmark",
  "pitch",
  "competitive-set",
  "luxury",
  "tracking",
  "client:acme",
  "q3-review",
  "europe",
  "gen-z",
  "sustainability",
];

/** name, description, the categories its brands come from (by name fragment) */
const COLLECTION_ROWS: ReadonlyArray<readonly [string, string, string]> = [
  ["Luxury Watch Benchmarks", "Swiss and Japanese watchmakers side by side", "Watches"],
  ["Sportswear Competitive Set", "Nike, Adidas and the challengers", "Sportswear"],
  ["Streaming Wars", "Every streamer we track", "Streaming"],
  ["Cola Pitch 2024", "Soft drinks for the Q3 pitch", "Soft Drinks"],
  ["EV Makers", "Electric and legacy car makers", "Cars|Electric"],
  ["Neobanks vs Incumbents", "Digital banks against the big names", "Banks"],
  ["Beauty Portfolio Review", "Cosmetics and personal care", "Cosmetics|Personal Care"],
  ["Quick Service Tracker", "Burgers, pizza and coffee chains", "Quick Service|Coffee Shops"],
  ["Airline Loyalty Study", "Carriers for the loyalty deep dive", "Airlines"],
  ["Social Platforms", "Where Gen Z spends its time", "Social Media"],
  ["Grocery Retail Europe", "Supermarkets across Europe", "Supermarkets"],
  ["Beer Brands", "Global and local beers", "Beer"],
  ["Home Care Essentials", "Cleaning and laundry", "Home Care"],
  ["Luxury Houses", "Fashion houses", "Luxury Fashion"],
  ["Tech Giants", "The platforms everyone knows", "Software|Consumer Electronics"],
  ["Snack Attack", "Salty and sweet snacks", "Snacks|Confectionery"],
  ["Energy Transition", "Oil majors and utilities", "Oil|Utilities"],
  ["Hotel Booking", "Hotels and booking sites", "Hotels"],
  ["Spirits Portfolio", "Whisky, vodka and rum", "Spirits"],
  ["Pharma Trust Study", "Vaccine makers and big pharma", "Pharmaceuticals"],
  ["Gaming Consoles", "Nintendo, PlayStation, Xbox", "Gaming"],
  ["Fast Fashion Shortlist", "High-street fashion", "Fast Fashion"],
];

export function buildUsers(): UserRecord[] {
  return USERS.map((name, index) => ({ id: index + 1, name, email: `${name.split(" ")[0].toLowerCase()}@example.com` }));
}

export interface CollectionTables {
  collections: CollectionRecord[];
  collectionBrandIds: Map<number, number[]>;
  collectionsSharedWithMe: Set<number>;
  collectionOwner: Map<number, number>;
  publicCollections: Set<number>;
}

/** A UUID of version-4 form, the same for the same seed and id. */
function stableUuid(seed: number, id: number): string {
  const hex = [0, 1, 2, 3].map((part) => hash32(seed, 72, id, part).toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function buildCollections(
  seed: number,
  brands: readonly BrandRecord[],
  categoryNames: ReadonlyMap<number, string>,
  brandCategory: ReadonlyMap<number, number>,
): CollectionTables {
  const rng = new Rng(seed + 71);
  const collectionBrandIds = new Map<number, number[]>();
  const collectionsSharedWithMe = new Set<number>();
  const collectionOwner = new Map<number, number>();
  const publicCollections = new Set<number>();
  const collections = COLLECTION_ROWS.map(([name, , categoryPattern], index): CollectionRecord => {
    const id = index + 1;
    const pattern = new RegExp(categoryPattern);
    const candidates = brands.filter((brand) => pattern.test(categoryNames.get(brandCategory.get(brand.id)!) ?? ""));
    const brandIds = rng.sample(candidates, rng.int(4, 12)).map((brand) => brand.id);
    collectionBrandIds.set(id, brandIds);
    // a third mine, the rest other people's: some public, some shared with me, some neither (403)
    const userId = index % 3 === 0 ? CURRENT_USER_ID : rng.int(2, USERS.length);
    if (userId !== CURRENT_USER_ID && index % 3 === 1) collectionsSharedWithMe.add(id);
    collectionOwner.set(id, userId);
    if (index % 4 === 2 || (index % 4 === 3 && index % 3 === 0)) publicCollections.add(id);
    rng.sample(TAGS, rng.int(0, 3)); // tags are no documented key; the draw keeps the timestamps below as they were
    const created = rng.int(2019, 2024);
    const createdAt = `${created}-0${rng.int(1, 9)}-1${rng.int(0, 9)}T0${rng.int(0, 9)}:${rng.int(10, 59)}:${rng.int(10, 59)}.000000Z`;
    return {
      id,
      name,
      collection_type: publicCollections.has(id) ? "public" : "private", // the page: "whether the collection is private or public"
      uuid: stableUuid(seed, id),
      created_at: createdAt,
      updated_at: rng.chance(0.5) ? createdAt : createdAt.replace(/^\d{4}/, String(Math.min(created + 1, 2025))),
    };
  });
  return { collections, collectionBrandIds, collectionsSharedWithMe, collectionOwner, publicCollections };
}
