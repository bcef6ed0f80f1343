/**
 * The chat-card rows of the Chromium bench (scripts/bench-browser.ts): one per card kind of every
 * ruleset. `cardSetup` runs in the page (page.evaluate serialises it, so it reaches nothing outside
 * its own body): it switches the world to the kind's ruleset, makes the actors (and the Combat the
 * kind needs), opens a real card through the card engine as the GM, waits for it, and leaves
 * `window.benchRender` behind, which re-renders that card the way the engine does at each step: the
 * GM renders its HTML from its data (renderCardContent, over the dice on the message) and a client
 * shows it (ChatMessage#renderHTML, whose renderChatMessageHTML hook drops what is not hers and
 * binds the buttons). test/browser/bench-cards.test.ts runs every case once, so none can rot.
 */
import { NIGHTCLUB } from "../src/core/areas/index.js";
import { areaSceneData, pointInArea } from "../playground/foundry/scene.js";

/** A scene with Areas as a GM draws it (its creation data), and where a token stands in each Area. */
export interface CardAreas {
  scene: object;
  places: Record<string, { x: number; y: number }>;
}

/** What a card row's setup is handed: the kind, and the scene with Areas of the kinds that walk them. */
export interface CardArg {
  kind?: string;
  areas?: CardAreas;
}

/** The Unhex nightclub with a shut door between the entrance and the alley, drawn as Regions. */
function nightclubWithDoor(): CardAreas {
  const club = { ...NIGHTCLUB, connections: NIGHTCLUB.connections.map((c) => (c.from === "entrance" && c.to === "alley" ? { ...c, kind: "door" as const, open: false } : c)) };
  return { scene: areaSceneData(club), places: Object.fromEntries(club.areas.map((area, index) => [area.id, pointInArea(index)])) };
}

/** The setup's argument for a kind: the ones that need Areas get the nightclub. */
export function cardArg(kind: string): CardArg {
  return kind === "unhex.door" || kind === "unhex.move" ? { kind, areas: nightclubWithDoor() } : { kind };
}

/** Every card kind the bench renders, "<ruleset>.<name>" as registered. */
export const CARD_KINDS = [
  "cavaliers.attack",
  "cavaliers.skill",
  "cavaliers.flourish",
  "cavaliers.survival",
  "cavaliers.endCombat",
  "drama.melee",
  "drama.multiple",
  "drama.ranged",
  "drama.courage",
  "drama.momentum",
  "drama.skirmish",
  "unhex.check",
  "unhex.opposed",
  "unhex.attack",
  "unhex.initiative",
  "unhex.door",
  "unhex.move",
  "unhex.items",
  "unhex.combat-end",
  "personal.attack",
  "personal.fate",
  "personal.rest",
  "personal.turn",
  "torchlight.check",
  "torchlight.save",
  "torchlight.dying",
  "torchlight.recover",
  "torchlight.initiative",
  "torchlight.attack",
  "torchlight.maneuver",
  "torchlight.ability",
  "torchlight.retreat",
  "torchlight.grapple-hold",
  "torchlight.round",
  "torchlight.engagement",
] as const;

/** Runs in the page: the world for `kind`, a card of it opened and settled, and `benchRender`. */
export async function cardSetup({ kind, areas }: CardArg): Promise<void> {
  type Item = { id: string; name: string };
  type ActorDoc = { id: string; uuid: string; name: string; items: { contents: Item[] }; toggleStatusEffect(id: string, o: object): Promise<unknown> };
  type Roll = { dice: Array<{ faces: number; results: Array<{ active: boolean; result: number }> }> };
  type Message = { system: { toObject(): object }; rolls: Roll[]; updateSource(d: object): unknown; renderHTML(): Promise<HTMLElement> };
  type CombatDoc = { id: string; combatants: { contents: object[] }; createEmbeddedDocuments(n: string, d: object[]): Promise<Array<{ id: string }>>; startCombat(): Promise<unknown> };
  type Ref = { actor: string; token?: string };
  type SceneDoc = { id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<Array<{ id: string; uuid: string }>> };
  type Opening = { kind: string; refs: Record<string, Ref>; request: Record<string, unknown> };
  type Answer = { ok: boolean; value?: unknown; reason?: string };
  const g = globalThis as unknown as {
    CONFIG: {
      Actor: { documentClass: { create(d: object): Promise<ActorDoc> } };
      Combat: { documentClass: { create(d: object): Promise<CombatDoc> } };
      Item: { documentClass: { deleteDocuments(ids: string[]): Promise<unknown> } };
      Dice: { randomUniform: () => number };
      fray: {
        loadRuleset(id: string): Promise<unknown>;
        cards: { openCard(o: Opening): Promise<Answer>; chooseOnCard(message: Message, choice: string, value: unknown): Promise<Answer>; cardsIdle(): Promise<void>; renderCardContent(card: object, dice: Array<{ sides: number; face: number }>): Promise<string> };
        combat: { requestAction(combat: CombatDoc, combatant: object, action: string): Promise<void> };
      };
    };
    Scene: { create(d: object): Promise<SceneDoc> };
    placeToken?: (actor: ActorDoc, placeable: { document: object }) => unknown;
    game: { settings: { set(ns: string, key: string, value: unknown): Promise<unknown> }; messages: { get(id: string): Message | undefined; contents: Message[] }; items: { contents: Item[] } };
    benchRender?: () => Promise<HTMLElement>;
    harness?: { flush(): Promise<void>; createUser(d: object): { id: string } };
  };
  const id = String(kind);
  const ruleset = id.slice(0, id.indexOf("."));
  const { cards } = g.CONFIG.fray;

  // The same faces every run (a Park-Miller sequence), so each card opens in the same state; Foundry draws a face as ceil((1 - u) * sides).
  // A step that needs one face gets it from `forced` ([face, sides]) first.
  let seed = 20_261_123;
  const forced: Array<[number, number]> = [];
  g.CONFIG.Dice.randomUniform = () => {
    const [face, sides] = forced.shift() ?? [0, 0];
    if (sides) return 1 - (face - 0.5) / sides;
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  // The rows measure the cards over the house lists: world items an earlier row made (a sheet row's Personal Combat band) would replace them.
  const worldItems = g.game.items.contents.map((item) => item.id);
  if (worldItems.length) await g.CONFIG.Item.documentClass.deleteDocuments(worldItems);
  // Foundry reloads the page for a new ruleset, which fetches its chunk at init; the bench switches in place and waits for it.
  await g.game.settings.set("fray", "ruleset", ruleset);
  await g.CONFIG.fray.loadRuleset(ruleset);

  // Two players, each owning her character (a side of the fight goes by who owns it); the GM runs the rest and opens every card.
  const players = [g.harness?.createUser({ name: "Ada", role: "PLAYER" }), g.harness?.createUser({ name: "Bob", role: "PLAYER" })];
  const make = (name: string, type: string, system: object, items: object[] = [], player?: number) => {
    const owner = player === undefined ? undefined : players[player]?.id;
    return g.CONFIG.Actor.documentClass.create({ name, type, ownership: { default: 1, ...(owner ? { [owner]: 3 } : {}) }, system, items });
  };
  const ref = (actor: ActorDoc): Ref => ({ actor: actor.uuid });
  const itemId = (actor: ActorDoc, name: string) => actor.items.contents.find((item) => item.name === name)?.id ?? "";
  async function fight(actors: ActorDoc[], scene?: { id: string; tokens: Array<{ id: string }> }): Promise<CombatDoc> {
    const combat = await g.CONFIG.Combat.documentClass.create({ active: true, ...(scene ? { scene: scene.id } : {}) });
    const onScene = (i: number) => (scene ? { tokenId: scene.tokens[i]?.id, sceneId: scene.id } : {});
    await combat.createEmbeddedDocuments("Combatant", actors.map((actor, i) => ({ actorId: actor.id, name: actor.name, ...onScene(i) })));
    await combat.startCombat();
    return combat;
  }
  /** Waits for every step the GM is serving and every document write it made. */
  async function settle(): Promise<void> {
    await cards.cardsIdle();
    await g.harness?.flush();
  }
  async function open(opening: Opening): Promise<Message> {
    const answer = await cards.openCard(opening);
    await settle();
    const message = answer.ok ? g.game.messages.get(String(answer.value)) : undefined;
    if (!message) throw new Error(`the bench could not open a ${opening.kind} card: ${answer.reason ?? "no message"}`);
    return message;
  }

  /** Per ruleset, the world its cards are opened in, and the opening of each of its kinds there (or the card a tracker control posted). */
  async function openingFor(): Promise<Opening | Message> {
    const request = (refs: Record<string, ActorDoc>, body: Record<string, unknown> = {}): Opening => ({ kind: id, refs: Object.fromEntries(Object.entries(refs).map(([role, actor]) => [role, ref(actor)])), request: body });
    if (ruleset === "cavaliers") {
      const duellist = await make("Duellist", "cavaliersCharacter", { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8, advantage: 6 }, [
        { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 1, action: "lunge" } },
        { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } },
      ], 0);
      const guard = await make("Guard", "cavaliersNpc", { npcType: "stock", attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6 }, [{ name: "Sabre", type: "cavaliersWeapon", system: { itemDie: 6, melee: true } }]);
      const pool = { combined: [], useAdvantage: true, assists: [] };
      if (id === "cavaliers.attack") return request({ attacker: duellist, defender: guard }, { ...pool, attack: "lunge", weapon: itemId(duellist, "Rapier") });
      // The Advantage die goes only on an attack or a defence (seed 000, Advantage).
      if (id === "cavaliers.skill") return request({ actor: duellist }, { ...pool, useAdvantage: false, opposition: "moderate" });
      if (id === "cavaliers.flourish") return request({ actor: duellist }, { ...pool, useAdvantage: false });
      if (id === "cavaliers.endCombat") {
        // The GM's end of the fight: a Stock NPC at his Wound Limit (2) is Dying, so the card waits for her word on Medicine.
        const fallen = await make("Bravo", "cavaliersNpc", { npcType: "stock", attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6, wounds: { value: 2 }, yield: { value: 2 } });
        return request({ c0: duellist, c1: guard, c2: fallen });
      }
      // Four Wounds leave a character Dying, the only one who rolls Survival.
      const dying = await make("Heroine", "cavaliersCharacter", { attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6, wounds: { value: 4 } }, [], 1);
      return request({ actor: dying });
    }
    if (ruleset === "drama") {
      const ines = await make("Ines", "dramaCharacter", { level: 2, attributes: { physical: 3, agility: 2 }, skill: 1, grit: { value: 4, max: 4 }, flesh: { value: 6, max: 6 }, dramaPoints: 2, weaponClass: "unarmed" }, [
        { name: "Arming sword", type: "dramaWeapon", system: { weaponClass: "large", ranged: false } },
        { name: "Crossbow", type: "dramaWeapon", system: { weaponClass: "large", ranged: true } },
        { name: "Love of her brother", type: "dramaAdvantage", system: { kind: "passion", dice: 1, cost: 0 } },
      ], 0);
      const berold = await make("Berold", "dramaCharacter", { attributes: { physical: 3, agility: 3 }, skill: 3, grit: { value: 6, max: 6 }, flesh: { value: 7, max: 7 }, weaponClass: "medium", armourDice: 2, militaryTraining: 2, dramaPoints: 1 }, [], 1);
      const odo = await make("Odo", "dramaNpc", { attributes: { physical: 2, agility: 1 }, skill: 1, grit: { value: 2, max: 2 }, flesh: { value: 6, max: 6 }, weaponClass: "small", dramaPoints: 1 });
      const fyrd = (name: string) => make(name, "dramaNpc", { attributes: { physical: 2, agility: 3 }, skill: 2, grit: { value: 3, max: 3 }, flesh: { value: 7, max: 7 }, weaponClass: "medium" });
      if (id === "drama.melee") return request({ a: ines, b: odo }, { weapon: itemId(ines, "Arming sword") });
      if (id === "drama.multiple") return request({ actor: berold, opponent1: await fyrd("Fyrd 1"), opponent2: await fyrd("Fyrd 2") }, { weapon: "", unopposed: [] });
      if (id === "drama.ranged") return request({ shooter: ines, target: odo }, { weapon: itemId(ines, "Crossbow"), situation: { range: "close" }, bonuses: ["aiming"], advantages: [], base: 0, resistance: 0 });
      if (id === "drama.courage") return request({ actor: ines }, { wound: 0, modifiers: { base: 0, resistance: 0, drama: 0 } });
      // The GM's skirmish round: Ines against Odo, Berold against a fyrd man.
      if (id === "drama.skirmish") return request({ f1: ines, f2: berold, f3: odo, f4: await fyrd("Fyrd") }, { engagements: [{ between: ["f1", "f3"] }, { between: ["f2", "f4"] }] });
      return request({ c1: ines, c2: berold, c3: odo }, { for: "melee" });
    }
    if (ruleset === "unhex") {
      const ada = await make("Ada", "unhexCharacter", { level: { value: 50, max: 55 }, good: { defend: true } }, [{ name: "Knife", type: "unhexWeapon", system: { kind: "melee", held: true } }], 0);
      const bea = await make("Bea", "unhexCharacter", { level: { value: 45, max: 50 } }, [], 1);
      const guard = await make("Guard", "unhexNpc", { level: { value: 40, max: 40 } }, [{ name: "Club", type: "unhexWeapon", system: { kind: "melee", held: true } }]);
      if (id === "unhex.check") return request({ character: ada }, { good: true, what: "climb the bar" });
      if (id === "unhex.opposed") return request({ a: ada, b: bea }, { good: false });
      if (id === "unhex.attack") return request({ attacker: guard, target: ada }, { weapon: itemId(guard, "Club"), range: 0 });
      if (id === "unhex.items") return request({ actor: ada }, { hands: { [itemId(ada, "Knife")]: "stow" } });
      if (id === "unhex.combat-end") {
        // The Guard knocked out by the GM leaves the friendly team standing: her first row's End the fight posts the card.
        const combat = await fight([ada, guard]);
        await guard.toggleStatusEffect("unconscious", { active: true });
        await settle();
        await g.CONFIG.fray.combat.requestAction(combat, combat.combatants.contents[0]!, "end");
        await settle();
        const posted = g.game.messages.contents.at(-1);
        if (!posted) throw new Error("the bench could not end the Unhex fight");
        return posted;
      }
      if (id === "unhex.door" || id === "unhex.move") {
        // Bea's token in the nightclub, by the shut door to the alley, or just moved from there onto the dance floor; the Guard watches from the bar.
        const { scene: data, places } = areas ?? { scene: {}, places: {} };
        const scene = await g.Scene.create({ ...data, active: true });
        const place = async (actor: ActorDoc, area: string, disposition: number) => {
          const [token] = await scene.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: true, disposition, ...places[area] }]);
          g.placeToken?.(actor, { document: token as object });
          return token!;
        };
        const tokens = [await place(bea, id === "unhex.door" ? "entrance" : "dance-floor", 1), await place(guard, "bar", -1)];
        await fight([bea, guard], { id: scene.id, tokens });
        const mover = { actor: bea.uuid, token: tokens[0]!.uuid };
        if (id === "unhex.door") return { kind: id, refs: { actor: mover }, request: { between: ["entrance", "alley"], open: true } };
        return { kind: id, refs: { mover }, request: { from: "entrance", origin: places.entrance } };
      }
      // Without tokens a character is on the friendly team and an NPC on the hostile one.
      const combat = await fight([ada, guard]);
      return request({ lead: ada, friendly: ada, hostile: guard }, { combat: combat.id, round: 1 });
    }
    if (ruleset === "personal") {
      const ines = await make("Ines", "personalCharacter", { resolve: { value: 12, max: 12 }, defense: 11, initiativeRank: 3, stamina: 2, control: 1 }, [{ name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } }], 0);
      // Bruno is Wounded: only a Wounded character answers a hit with a Fallen Fate.
      const bruno = await make("Bruno", "personalCharacter", { resolve: { value: 10, max: 10 }, wounded: true, defense: 10, stamina: 1, control: 1, armor: [{ type: "physical", rating: 1 }] }, [
        { name: "Mail", type: "personalArmour", system: { ratings: [{ type: "physical", rating: 2 }], worn: true } },
      ], 1);
      if (id === "personal.attack") return request({ attacker: ines, target: bruno }, { weapon: itemId(ines, "Sabre") });
      if (id === "personal.fate") return request({ character: bruno }, { damage: 4 });
      if (id === "personal.rest") return request({ character: bruno });
      return request({ character: ines }, { move: { from: "Near", to: "Engaged" }, actions: [{ name: "Attack", free: false }, { name: "Draw dagger", free: true }] });
    }
    // torchlight: Elsa and Riddic against a bandit and an archer, in a started Combat.
    const scores = (dcs: Record<string, number> = {}) => Object.fromEntries(["str", "dex", "wil", "san", "luck"].map((c) => [c, { dc: dcs[c] ?? 10, max: dcs[c] ?? 10 }]));
    const sword = { name: "Sword", type: "torchlightWeapon", system: { die: 10, kind: "melee", damageType: "slashing" } };
    const bow = { name: "Shortbow", type: "torchlightWeapon", system: { die: 6, kind: "ranged", damageType: "piercing" } };
    // For a Dying save, Elsa is Dying from Strength lost in this encounter.
    const dying = id === "torchlight.dying" ? { dying: true, encounter: { str: 3 } } : {};
    const elsa = await make("Elsa", "torchlightCharacter", { breath: { value: 1, max: 3 }, characteristics: scores({ str: 11, dex: 13, wil: 5 }), proficiencies: 1, lane: 3, stance: "steadied", ...dying }, [sword], 0);
    const riddic = await make("Riddic", "torchlightCharacter", { breath: { value: 5, max: 5 }, characteristics: scores({ str: 12, dex: 12 }), lane: 3, stance: "aggressive" }, [sword], 1);
    const bandit = await make("Bandit", "torchlightNpc", { breath: { value: 2, max: 2 }, characteristics: scores(), lane: 3, stance: "steadied" }, [sword]);
    const archer = await make("Archer", "torchlightNpc", { breath: { value: 2, max: 2 }, characteristics: scores(), lane: 5, stance: "rearguard" }, [bow]);
    if (id === "torchlight.check") return request({ actor: elsa }, { characteristic: "dex" });
    if (id === "torchlight.save") return request({ actor: elsa }, { characteristic: "wil" });
    if (id === "torchlight.dying") return request({ actor: elsa }, { hours: 0 });
    if (id === "torchlight.recover") return request({ actor: elsa }, { restDays: 1 });
    const everyone = [elsa, riddic, bandit, archer];
    const combat = await fight(everyone);
    const all = Object.fromEntries(everyone.map((actor, i) => [`c${i}`, actor]));
    if (id === "torchlight.initiative") return request(all, { combat: combat.id });
    // Every other card of the fight comes after the GM has rolled everyone's Dex saves.
    await open({ ...request(all, { combat: combat.id }), kind: "torchlight.initiative" });
    if (id === "torchlight.attack") return request({ attacker: riddic, target: bandit }, { combat: combat.id, weapon: itemId(riddic, "Sword") });
    if (id === "torchlight.maneuver") return request({ actor: elsa }, { combat: combat.id, maneuver: "evade", weapon: "" });
    if (id === "torchlight.ability") return request({ actor: elsa }, { combat: combat.id });
    if (id === "torchlight.retreat") return request({ actor: archer }, { combat: combat.id });
    if (id === "torchlight.grapple-hold") {
      // Riddic's blow carries a grapple (a 4 of his d10, then a 9 under his Dex DC of 12 holds the bandit), then he keeps his hold.
      forced.push([4, 10], [9, 20]);
      const blow = await open({ ...request({ attacker: riddic, target: bandit }, { combat: combat.id, weapon: itemId(riddic, "Sword"), maneuver: "grapple" }), kind: "torchlight.attack" });
      // His attack is declared unrolled; the GM closes the declarations from his tracker row, which rolls it.
      const riddicRow = (combat.combatants.contents as Array<{ actorId?: string }>).find((c) => c.actorId === riddic.id)!;
      await g.CONFIG.fray.combat.requestAction(combat, riddicRow, "roll-declared");
      await settle();
      // The card offers Riddic a Feint once his damage die is seen; he keeps it, and the grapple is rolled.
      await cards.chooseOnCard(blow, "feint", "keep");
      await settle();
      return request({ actor: riddic, target: bandit }, { combat: combat.id });
    }
    return request(all, { combat: combat.id });
  }

  const opening = await openingFor();
  const message = "kind" in opening ? await open(opening) : opening;
  g.benchRender = async () => {
    // The dice on the message in the order rolled, as the GM hands them to the template (sizedFacesOf in src/foundry/dice/roll.ts).
    const dice = message.rolls.flatMap((roll) => roll.dice.flatMap((die) => die.results.filter((r) => r.active).map((r) => ({ sides: Number(die.faces), face: r.result }))));
    const content = await cards.renderCardContent(message.system.toObject(), dice);
    message.updateSource({ content });
    return message.renderHTML();
  };
}
