/** A request the rules do not allow (Drop over the cap, a purchase not on the table, ...). */
export class Refusal extends Error {
  override name = "Refusal";
}

export function refuse(reason: string): never {
  throw new Refusal(reason);
}
