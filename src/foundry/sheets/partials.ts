import { templatePath } from "../system.js";

/** Templates every sheet and dialog may include; each part lists them so they load before it renders. */
export const PARTIALS = ["parts/pool.hbs", "parts/header.hbs", "parts/item-header.hbs", "parts/item-description.hbs", "parts/roll-mode.hbs", "parts/tabs.hbs", "parts/cavaliers-combined.hbs", "parts/unhex-out-of-turn.hbs"].map(templatePath);
