/**
 * docs/architecture.md is drawn from the code: every folder of src/ is a room of its table, each
 * room's imports there are the rooms its files import (type imports included), and every lint zone
 * of eslint.config.mjs is named. A room or zone added without the page fails here.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { SRC, fileImports } from "../helpers/sourceImports";

const ROOT = resolve(__dirname, "../..");
const PAGE = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
const roomOf = (file: string): string => relative(SRC, file).split(sep)[0];

/** room (a folder of src/) → the other rooms its files import */
function roomImports(): Map<string, Set<string>> {
  const inRoom = (file: string) => relative(SRC, file).includes(sep); // a file at src/'s top is no room
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of fileImports()) {
    if (!inRoom(file)) continue;
    const room = roomOf(file);
    const imports = rooms.get(room) ?? new Set<string>();
    rooms.set(room, imports);
    for (const target of targets) if (inRoom(target) && roomOf(target) !== room) imports.add(roomOf(target));
  }
  return rooms;
}

/** The rooms table of the page: each row's rooms and the rooms it says they import. */
function pageRooms(): Map<string, Set<string>> {
  const table = new Map<string, Set<string>>();
  const section = PAGE.slice(PAGE.indexOf("## The rooms"), PAGE.indexOf("## The one path"));
  for (const line of section.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const cells = line.split(" | ");
    const names = (cell: string) => [...cell.matchAll(/`([a-z]+)`/g)].map((match) => match[1]);
    const imported = new Set(names(cells[cells.length - 1]));
    for (const room of names(cells[0])) table.set(room, imported);
  }
  return table;
}

/** The zone names eslint.config.mjs exports (an ES module: read in a child process). */
function lintZones(): string[] {
  const script = `
    const config = await import(new URL("eslint.config.mjs", "file://" + process.cwd() + "/"));
    console.log(JSON.stringify([config.DIRECTION_ZONES, config.CLOSED_CORE_ZONES, config.DANFO_ZONES].flatMap(Object.keys)));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" })) as string[];
}

describe("docs/architecture.md", () => {
  const code = roomImports();
  const page = pageRooms();

  it("has a row for every room of src/, and none that is not one", () => {
    expect([...page.keys()].sort()).toEqual([...code.keys()].sort());
  });

  it.each([...code.keys()].sort())("draws %s's imports as its files have them", (room) => {
    expect([...(page.get(room) ?? [])].sort()).toEqual([...code.get(room)!].sort());
  });

  it("names every lint zone", () => {
    const zones = lintZones();
    expect(zones.length).toBeGreaterThan(20);
    expect(zones.filter((zone) => !PAGE.includes(`\`${zone}\``))).toEqual([]);
  });

  it("tells the one path a page takes in ten steps or fewer", () => {
    const path = PAGE.slice(PAGE.indexOf("## The one path"), PAGE.indexOf("## Where each concern lives"));
    const steps = path.split("\n").filter((line) => /^\d+\. /.test(line));
    expect(steps.length).toBeGreaterThan(3);
    expect(steps.length).toBeLessThanOrEqual(10);
  });
});
