// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IStaking} from "../src/IStaking.sol";
import {EconomicsFixture} from "./StakingEconomics.t.sol";

/// @dev Pins Staking's external ABI and who may call each state-changing function. Adding, removing or
///      re-typing a function, or adding a privileged one (say, one able to move the staked USDC), fails
///      here until this file is changed on purpose, where a reviewer sees it (docs/TRUST.md).
contract StakingAbiTest is EconomicsFixture {
    /// Every external function of Staking (the compiler's method identifiers, sorted).
    function _pinnedSignatures() internal pure returns (string[93] memory) {
        return [
            "ECOLOGICAL_SHARE_BPS()",
            "FEE_FREE_LEVEL()",
            "FREE_EXCHANGES()",
            "MAX_DAILY_RATE()",
            "MAX_FEE_BPS()",
            "MAX_MIN_WITHDRAWAL_WHOLE_USDC()",
            "MAX_TERM_DAYS()",
            "MIN_STAKE_WHOLE_USDC()",
            "RATE_SCALE()",
            "REFERRAL_BPS_1()",
            "REFERRAL_BPS_2()",
            "REFERRAL_BPS_3()",
            "REFERRAL_DEPTH()",
            "TIMELOCK_DELAY()",
            "TIMELOCK_GRACE()",
            "accEcologicalPerNode()",
            "accShareholderPerFounder()",
            "acceptOwnership()",
            "accountData(address)",
            "bindSuperior(address)",
            "cancelParam(uint8)",
            "claimDividends()",
            "closePlan(uint256)",
            "createPlan(uint32,uint256,uint256,uint64,uint64)",
            "creditGrants(address[],uint256[],uint8)",
            "depositGrants(uint256)",
            "dividendsUnclaimed()",
            "exchange(uint256,uint256,uint256)",
            "executeParam(uint8)",
            "feeBps()",
            "feeBpsFor(address)",
            "founderHolders()",
            "founderLimit()",
            "founderPrice()",
            "founderSold()",
            "fundRewards(uint256)",
            "getPlan(uint256)",
            "getSuperior(address)",
            "grantsBudget()",
            "harvest(address,uint256[])",
            "isInTree(address)",
            "levelOf(address)",
            "levelThresholds()",
            "maxMinWithdrawal()",
            "minStakeExclusive()",
            "minWithdrawal()",
            "nodeHolders()",
            "nodeLimit()",
            "nodePrice()",
            "nodeSold()",
            "owner()",
            "pause()",
            "payTreasury()",
            "paused()",
            "pendingChanges(uint8)",
            "pendingOwner()",
            "planCount()",
            "positionCount(address)",
            "positionData(address,uint256)",
            "purchaseFounder(uint256)",
            "purchaseNode(uint256)",
            "queueParam(uint8,uint256)",
            "releasePrincipal(uint256[])",
            "renounceOwnership()",
            "rewardBudget()",
            "rewardBudgetInfo()",
            "rewardReserved()",
            "rewardToken()",
            "root()",
            "router()",
            "selectUplines(address)",
            "stake(uint256,uint256)",
            "stakeWithPermit(uint256,uint256,uint256,uint8,bytes32,bytes32)",
            "statDay()",
            "statStaked()",
            "teamStakeOf(address)",
            "totalActiveStake()",
            "totalEarned()",
            "totalStaked()",
            "totalWithdrawable()",
            "transferOwnership(address)",
            "treasury()",
            "treasuryProceeds()",
            "unpause()",
            "upgradeNodeToFounder(uint256)",
            "upgradePrice(address)",
            "usdc()",
            "usdcDecimals()",
            "withdraw(uint256)",
            "withdrawGrants(uint256)",
            "withdrawPrincipal(uint256)",
            "withdrawRewardCoin(uint256)",
            "withdrawUnreserved(uint256)"
        ];
    }

    /// Operator-only functions. None of them can move principal, reserved rewards or an earned
    /// balance: each only opens or closes plans, moves the operator's own budgets, pauses, or
    /// drives the timelock.
    function _ownerOnly() internal pure returns (string[12] memory) {
        return [
            "cancelParam",
            "closePlan",
            "createPlan",
            "creditGrants",
            "depositGrants",
            "executeParam",
            "pause",
            "queueParam",
            "transferOwnership",
            "unpause",
            "withdrawGrants",
            "withdrawUnreserved"
        ];
    }

    /// Functions anyone may call; each acts only on the caller's own account and funds (harvest
    /// credits only the named user and its uplines; fundRewards only adds to the budget).
    /// acceptOwnership is the pending owner's (Ownable2Step). payTreasury sends only the membership
    /// proceeds, and only to the treasury.
    function _anyone() internal pure returns (string[16] memory) {
        return [
            "acceptOwnership",
            "bindSuperior",
            "claimDividends",
            "exchange",
            "fundRewards",
            "harvest",
            "payTreasury",
            "purchaseFounder",
            "purchaseNode",
            "releasePrincipal",
            "stake",
            "stakeWithPermit",
            "upgradeNodeToFounder",
            "withdraw",
            "withdrawPrincipal",
            "withdrawRewardCoin"
        ];
    }

    function _artifact() internal view returns (string memory) {
        return vm.readFile("out/Staking.sol/Staking.json");
    }

    function _contains(string[] memory list, string memory item) internal pure returns (bool) {
        for (uint256 i = 0; i < list.length; ++i) {
            if (keccak256(bytes(list[i])) == keccak256(bytes(item))) return true;
        }
        return false;
    }

    /// @dev Issue 28 §3: Staking keeps at least 3,000 bytes of room under EIP-170's 24,576 for the fixes a
    ///      future review will need; contracts/README.md ("Size") says where the room came from and how to
    ///      find more. The deployed code is measured, not the artifact.
    function test_runtimeSize_keepsRoomForFixes() public view {
        assertLe(address(staking).code.length, 24_576 - 3000, "Staking: less than 3,000 bytes under EIP-170");
    }

    function test_externalAbi_isPinned() public view {
        string[] memory actual = vm.parseJsonKeys(_artifact(), "$.methodIdentifiers");
        string[93] memory pinned = _pinnedSignatures();
        for (uint256 i = 0; i < actual.length; ++i) {
            bool found;
            for (uint256 j = 0; j < pinned.length && !found; ++j) {
                found = keccak256(bytes(actual[i])) == keccak256(bytes(pinned[j]));
            }
            assertTrue(found, string.concat("unpinned external function: ", actual[i]));
        }
        assertEq(actual.length, pinned.length, "a pinned function is gone");
    }

    /// Every state-changing function has a pinned role; renounceOwnership is a view that reverts.
    function test_everyStateChangingFunction_hasItsRole() public view {
        string[] memory changing = abi.decode(
            vm.parseJson(_artifact(), "$.abi[?(@.stateMutability == 'nonpayable')].name"), (string[])
        );
        string[12] memory owners = _ownerOnly();
        string[16] memory anyone = _anyone();
        string[] memory roles = new string[](owners.length + anyone.length);
        for (uint256 i = 0; i < owners.length; ++i) {
            roles[i] = owners[i];
        }
        for (uint256 i = 0; i < anyone.length; ++i) {
            roles[owners.length + i] = anyone[i];
        }
        for (uint256 i = 0; i < changing.length; ++i) {
            assertTrue(_contains(roles, changing[i]), string.concat("no pinned role: ", changing[i]));
        }
        assertEq(changing.length, roles.length, "a state-changing function is gone");
    }

    /// Each operator-only function refuses a user (one with a stake, a balance and USDC) and a
    /// stranger, with OpenZeppelin's OwnableUnauthorizedAccount.
    function test_ownerOnlyFunctions_refuseEveryoneElse() public {
        _stake(dave, 1000 * ONE);
        address[] memory users = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        (users[0], amounts[0]) = (dave, ONE);
        bytes[12] memory calls = [
            abi.encodeCall(staking.cancelParam, (IStaking.Param.FeeBps)),
            abi.encodeCall(staking.closePlan, (plan)),
            abi.encodeCall(
                staking.createPlan,
                (30, RATE, 1_000_000 * ONE, uint64(block.timestamp), uint64(block.timestamp + 1 days))
            ),
            abi.encodeCall(staking.creditGrants, (users, amounts, IStaking.IncomeSource.Activity)),
            abi.encodeCall(staking.depositGrants, (ONE)),
            abi.encodeCall(staking.executeParam, (IStaking.Param.FeeBps)),
            abi.encodeCall(staking.pause, ()),
            abi.encodeCall(staking.queueParam, (IStaking.Param.Treasury, uint256(uint160(dave)))),
            abi.encodeCall(staking.transferOwnership, (dave)),
            abi.encodeCall(staking.unpause, ()),
            abi.encodeCall(staking.withdrawGrants, (ONE)),
            abi.encodeCall(staking.withdrawUnreserved, (1))
        ];
        string[12] memory names = _ownerOnly();
        address[2] memory callers = [dave, makeAddr("stranger")];
        for (uint256 i = 0; i < calls.length; ++i) {
            // The calldata list follows the pinned list, so no operator function goes unchecked.
            assertEq(bytes4(calls[i]), bytes4(keccak256(bytes(_signatureOf(names[i])))), names[i]);
            for (uint256 c = 0; c < callers.length; ++c) {
                vm.prank(callers[c]);
                (bool ok, bytes memory ret) = address(staking).call(calls[i]);
                assertFalse(ok, names[i]);
                assertEq(
                    ret,
                    abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, callers[c]),
                    names[i]
                );
            }
        }
    }

    function _signatureOf(string memory name) internal pure returns (string memory) {
        string[93] memory pinned = _pinnedSignatures();
        bytes memory prefix = bytes(string.concat(name, "("));
        for (uint256 i = 0; i < pinned.length; ++i) {
            bytes memory sig = bytes(pinned[i]);
            if (sig.length <= prefix.length) continue;
            bool same = true;
            for (uint256 k = 0; k < prefix.length && same; ++k) {
                same = sig[k] == prefix[k];
            }
            if (same) return pinned[i];
        }
        revert(string.concat("not pinned: ", name));
    }

    /// The tests reach Staking and its lens through test/utils/StakingApi.sol (they deploy the build
    /// artifacts), so those interfaces must be the contracts' own ABIs: every function, with its
    /// parameters, results and mutability, nothing more and nothing less.
    function test_testInterfaces_areTheCompiledAbis() public view {
        _assertSameFunctions("out/Staking.sol/Staking.json", "out/StakingApi.sol/IStakingApi.json");
        _assertSameFunctions(
            "out/StakingLens.sol/StakingLens.json", "out/StakingApi.sol/IStakingLensApi.json"
        );
    }

    /// Compares names, parameter and result types, and mutability in ABI order (not the Solidity-side
    /// names of types: the lens's `staking()` is the contract `Staking` there, `IStakingApi` here).
    function _assertSameFunctions(string memory contractArtifact, string memory interfaceArtifact)
        internal
        view
    {
        string[4] memory fields = [".name", ".inputs[*].type", ".outputs[*].type", ".stateMutability"];
        string memory expected = vm.readFile(contractArtifact);
        string memory actual = vm.readFile(interfaceArtifact);
        for (uint256 i = 0; i < fields.length; ++i) {
            string memory path = string.concat("$.abi[?(@.type == 'function')]", fields[i]);
            bytes memory want = vm.parseJson(expected, path);
            assertGt(want.length, 0);
            assertEq(
                keccak256(vm.parseJson(actual, path)),
                keccak256(want),
                string.concat(interfaceArtifact, fields[i])
            );
        }
    }
}
