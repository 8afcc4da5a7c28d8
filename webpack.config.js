/* Builds the add-in into dist/: the functions bundle and its functions.json (written by
   custom-functions-metadata-plugin from the JSDoc in src/functions/functions.ts), the task pane
   page, the ribbon command page, the manifest, the icons and the function help pages. */
const path = require("path");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const { markdownToHtml } = require("./scripts/markdown");

const urlDev = "https://localhost:3000/";
// Where the add-in is hosted for users; the manifest in dist/ points there. Override with ADDIN_URL.
const urlProd = process.env.ADDIN_URL || urlDev;

async function httpsOptions() {
  const devCerts = require("office-addin-dev-certs");
  const options = await devCerts.getHttpsServerOptions();
  return { ca: options.ca, key: options.key, cert: options.cert };
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
      clean: true,
    },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: { loader: "ts-loader", options: { transpileOnly: true, configFile: "tsconfig.json" } },
        },
      ],
    },
    performance: { hints: false },
    plugins: [
      new CustomFunctionsMetadataPlugin({
        output: "functions.json",
        input: "./src/functions/functions.ts",
      }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        // One page hosts the pane and the functions: the shared runtime.
        chunks: ["functions", "taskpane"],
        chunksSortMode: "manual",
        inject: "body",
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          { from: "src/taskpane/taskpane.css", to: "taskpane.css" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => (dev ? content : content.toString().replace(new RegExp(urlDev, "g"), urlProd)),
          },
          {
            from: "docs/functions/*.md",
            to: "docs/functions/[name].html",
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
