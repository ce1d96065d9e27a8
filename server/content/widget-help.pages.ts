import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { Render } from '../render/renderer';
import { articleWidgets } from './article-widgets';
import { OWN_IMAGE_PATHS } from './image-rule';

/** The public help section for editors (decision 215): the widget tags of article-widgets.ts. */
export const WIDGET_HELP_PATH = '/pomoc/widgety';

/**
 * Every tag an editor may place in a guide, its attributes with what each value may be, and an
 * example, from the one list the sanitiser keeps them by; plus which images a guide may show (the
 * rule the CSP is built from). The same for every visitor: shared through HTTP caches.
 */
export function widgetHelpPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.get(WIDGET_HELP_PATH, (c) => {
    const i18n = c.get('i18n');
    const title = i18n._('Widgety v návodoch');
    return render(
      c,
      'pages/static/widget-help',
      {
        widgets: articleWidgets((id) => i18n._(id)),
        imageHosts: c.get('deps').config.imageHosts,
        ownPaths: OWN_IMAGE_PATHS,
        breadcrumb: [{ name: title, path: WIDGET_HELP_PATH }],
      },
      { title, description: i18n._('Značky widgetov, ktoré môžete vložiť do návodu, ich atribúty a príklady.'), canonicalPath: WIDGET_HELP_PATH, shared: true },
    );
  });
  return app;
}
