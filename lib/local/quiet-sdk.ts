/**
 * The local stack runs on the Node 20 these machines have (Lambda runs 24): silence the SDK's
 * Node-version notice, which every process would otherwise print. Imported first, before any
 * SDK client exists; child processes inherit it.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
