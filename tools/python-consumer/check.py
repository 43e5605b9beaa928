"""A Python team's stack built with the library's Python package (jsii): it synthesizes, and
refusals and lessons-check errors reach Python as exceptions carrying the library's message."""
import json
import sys

from cdktf import App, Testing
from cdktf_cdktf_provider_azurerm.redis_cache import RedisCache
from realtime_platform_azure_constructs import (
    AzureStack,
    LogAnalytics,
    ManagedRedis,
    PlatformTesting,
    RedisClusteringPolicy,
)

failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + (f": {detail}" if detail and not condition else ""))
    if not condition:
        failures.append(name)


# 1. A stack synthesizes, with the library's defaults in the output.
app = Testing.app()
stack = AzureStack(app, stack_name="orders", environment_name="dev")
LogAnalytics(stack, "logs", name="log-orders-dev", resource_group_name="rg-orders-dev", location="westeurope")
redis = ManagedRedis(stack, "redis", name="redis-orders-dev", resource_group_name="rg-orders-dev", location="westeurope",
                     clustering_policy=RedisClusteringPolicy.OSS_CLUSTER)
tf = json.loads(PlatformTesting.synth(stack))
workspace = next(iter(tf["resource"]["azurerm_log_analytics_workspace"].values()))
check("synthesizes the workspace with local auth off (SEC-1)", workspace.get("local_authentication_enabled") is False, str(workspace))
cache = next(iter(tf["resource"]["azurerm_managed_redis"].values()))
check("synthesizes Managed Redis with access keys off (SEC-1)",
      cache["default_database"]["access_keys_authentication_enabled"] is False, str(cache["default_database"]))

# 2. A refusal at construction reaches Python as an exception with the library's message.
try:
    LogAnalytics(stack, "bad", name="x", resource_group_name="rg", location="westeurope")
    check("refuses a workspace name Azure rejects", False, "no exception")
except Exception as error:  # jsii raises the JavaScript error as a Python exception
    message = str(error)
    check("refuses a workspace name Azure rejects, in the library's format",
          "[AZURE] orders-dev/bad: name = \"x\": Azure rejects this Log Analytics workspace name" in message, message)

# 3. A lessons-check error on a raw provider resource fails PlatformTesting.synth.
app2 = Testing.app()
other = AzureStack(app2, stack_name="legacy", environment_name="dev")
RedisCache(other, "cache", name="redis-legacy", location="westeurope", resource_group_name="rg", capacity=1, family="C", sku_name="Standard")
try:
    PlatformTesting.synth(other)
    check("fails a raw azurerm_redis_cache (LIM-1)", False, "no exception")
except Exception as error:
    message = str(error)
    check("fails a raw azurerm_redis_cache with the rule id (LIM-1)",
          "[LIM-1.NoAzureCacheForRedis] legacy-dev/cache: resource type = \"azurerm_redis_cache redis-legacy\"" in message, message)

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
