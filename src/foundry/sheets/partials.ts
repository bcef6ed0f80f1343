import { templatePath } from "../system.js";

/** Templates every sheet may include; each sheet part lists them so they load before it renders. */
export const PARTIALS = ["parts/pool.hbs", "parts/header.hbs", "parts/item-header.hbs"].map(templatePath);
