/* Builds the add-in into dist/: the functions bundle and its functions.json (written by
   custom-functions-metadata-plugin from the JSDoc in src/functions/declarations/), the task pane
   page (which also hosts the functions and the ribbon command: the runtime is shared), the
   manifest, the icons and the function help pages. */
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const webpack = require("webpack");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const { markdownToHtml } = require("./scripts/markdown");
const { withFluentTokens } = require("./scripts/fluentTokens");
const { declarationFiles } = require("./scripts/declarations");
const { builtPage } = require("./scripts/questionPanels");

const urlDev = "https://localhost:3000/";
// Where the add-in is hosted for users: ADDIN_URL=https://host/path/ npm run build points every
// link of dist/ there (the manifest, its AppDomain, the functions' help pages, the pane's links).
const urlProd = hostedUrl(process.env.ADDIN_URL);

/** The address the build is for: https, ending with a slash. */
function hostedUrl(given) {
  if (given === undefined || given === "") return urlDev;
  let url;
  try {
    url = new URL(given);
  } catch {
    throw new Error(`ADDIN_URL must be a web address such as https://example.org/gods/, not ${given}`);
  }
  if (url.protocol !== "https:") throw new Error(`ADDIN_URL must start with https:// (Office loads add-ins over https only), not ${given}`);
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/**
 * Rewrites the development address in every emitted text file (manifest.xml, functions.json,
 * taskpane.html) to where the add-in is hosted: full addresses first, then the bare origin that
 * the manifest's AppDomain holds.
 */
class HostedUrls {
  apply(compiler) {
    const from = [urlDev, new URL(urlDev).origin];
    const to = [urlProd, new URL(urlProd).origin];
    compiler.hooks.thisCompilation.tap("HostedUrls", (compilation) => {
      compilation.hooks.processAssets.tap({ name: "HostedUrls", stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (!/\.(xml|json|html)$/.test(name)) continue;
          const text = assets[name].source().toString();
          const hosted = from.reduce((t, f, i) => t.split(f).join(to[i]), text);
          if (hosted !== text) compilation.updateAsset(name, new webpack.sources.RawSource(hosted));
        }
      });
    });
  }
}

/** Makes the pane's <pane-part> and <question-panel> placeholders their markup (scripts/questionPanels.js), before the page is minified. */
class QuestionPanels {
  apply(compiler) {
    compiler.hooks.compilation.tap("QuestionPanels", (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap("QuestionPanels", (data) => ({
        ...data,
        html: builtPage(data.html, path.join(__dirname, "src/taskpane/parts")),
      }));
    });
  }
}

async function httpsOptions() {
  const devCerts = require("office-addin-dev-certs");
  const options = await devCerts.getHttpsServerOptions();
  return { ca: options.ca, key: options.key, cert: options.cert };
}

/** The command line's compiled workbook code (npm run build:cli), compiled again when older than its sources. */
function compiledInit() {
  const compiled = path.resolve(__dirname, "build/workbook/xlsx/init.js");
  const built = fs.existsSync(compiled) ? fs.statSync(compiled).mtimeMs : 0;
  const sources = ["src/engine", "src/workbook"].flatMap((dir) => fs.readdirSync(path.resolve(__dirname, dir), { recursive: true, withFileTypes: true }));
  const stale = sources.some((f) => f.isFile() && f.name.endsWith(".ts") && fs.statSync(path.join(f.parentPath ?? f.path, f.name)).mtimeMs > built);
  if (stale) {
    try {
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.cli.json"], { cwd: __dirname, stdio: "pipe" });
    } catch (e) {
      // tsc still writes its output when only types are wrong elsewhere; without it there is no example.
      if (!fs.existsSync(compiled) || fs.statSync(compiled).mtimeMs <= built) {
        throw new Error(`The example workbook needs the command line's code, and it did not compile:\n${e.stdout ?? e.message}`);
      }
    }
  }
  return require(compiled);
}

/**
 * The example campaign as an .xlsx file in base64, for the pane's "Open the example campaign"
 * (Excel.createWorkbook takes a whole workbook). Made here, in Node, by the same code as
 * `gods init --example`, so exceljs never enters the pane's bundle.
 */
async function exampleWorkbookBase64() {
  const { newCampaignWorkbook } = compiledInit();
  const buffer = await newCampaignWorkbook(true).xlsx.writeBuffer();
  return Buffer.from(buffer).toString("base64");
}

module.exports = async (env, options) => {
  const dev = options.mode === "development";
  const serving = Boolean(env.WEBPACK_SERVE);
  return {
    devtool: dev ? "source-map" : false,
    entry: {
      functions: "./src/functions/functions.ts",
      taskpane: "./src/taskpane/taskpane.ts",
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].js",
      // Files loaded on first use sit beside the page that loads them: relative to it, with no
      // run-time guessing of the address (which would also look for a worker's importScripts).
      publicPath: "",
      clean: true,
    },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          // ES modules for webpack: import() becomes a file loaded on first use, and unused exports are dropped.
          use: { loader: "ts-loader", options: { transpileOnly: true, configFile: "tsconfig.json", compilerOptions: { module: "esnext" } } },
        },
      ],
    },
    performance: { hints: false },
    optimization: {
      // Both bundles have a budget (the functions' 40 KiB, the pane's first load 200 KiB): a third
      // pass of terser and ES2020's shorter forms (arrows, methods; Excel's browsers run BigInt already).
      minimizeOptions: { javascript: { ecma: 2020, compress: { ecma: 2020, passes: 3, unsafe_arrows: true, unsafe_methods: true } } },
      // A module the files loaded later share with the first load is reached by its exports' names: the shortest ones.
      mangleExports: "size",
    },
    plugins: [
      new webpack.DefinePlugin({ EXAMPLE_WORKBOOK_BASE64: JSON.stringify(await exampleWorkbookBase64()) }),
      ...(dev ? [] : [new HostedUrls()]),
      new CustomFunctionsMetadataPlugin({
        output: "functions.json",
        // Every file of declarations, in functions.ts's order: the plugin reads only the files it is given.
        input: declarationFiles(),
      }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        // One page hosts the functions, the pane and the ribbon command: the shared runtime.
        chunks: ["functions", "taskpane"],
        chunksSortMode: "manual",
        inject: "body",
      }),
      new QuestionPanels(),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          // One stylesheet from the page's two: its look (taskpane.css), then its controls (controls.css).
          {
            from: "src/taskpane/taskpane.css",
            to: "taskpane.css",
            transform: (content) => withFluentTokens(`${content.toString()}\n${fs.readFileSync(path.join(__dirname, "src/taskpane/controls.css"), "utf8")}`),
          },
          { from: "manifest.xml", to: "manifest.xml" },
          {
            from: "docs/functions/*.md",
            to: "docs/functions/[name].html",
            transform: (content, file) => markdownToHtml(content.toString(), path.basename(file, ".md")),
          },
          // The gamemaster's guide and the pane's words, linked from its footer.
          {
            from: "docs/glossary.md",
            to: "docs/glossary.html",
            transform: (content) => markdownToHtml(content.toString(), "The pane's words"),
          },
          {
            from: "docs/guide.md",
            to: "docs/guide.html",
            transform: (content) => markdownToHtml(content.toString(), "The gamemaster's guide"),
          },
          // The guide's pictures, taken from the play-test's screenshots.
          { from: "docs/images/*.png", to: "docs/images/[name][ext]" },
          // The rules notes the help pages cite.
          {
            from: "docs/rules/*.md",
            to: "docs/rules/[name].html",
            transform: (content, file) => markdownToHtml(content.toString(), path.basename(file, ".md")),
          },
        ],
      }),
    ],
    devServer: {
      static: { directory: path.resolve(__dirname, "dist") },
      headers: { "Access-Control-Allow-Origin": "*" },
      server: serving && !process.env.GODS_HTTP ? { type: "https", options: await httpsOptions() } : "http",
      port: Number(process.env.npm_package_config_dev_server_port || 3000),
    },
  };
};
