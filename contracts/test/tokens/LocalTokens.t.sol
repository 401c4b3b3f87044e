// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {ProxyAdmin} from "@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol";
import {
    ITransparentUpgradeableProxy
} from "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol";
import {IStakingApi, IStakingLensApi, deployStaking, deployLens} from "../utils/StakingApi.sol";
import {IStaking} from "../../src/IStaking.sol";
import {LocalFiatToken} from "../../src/local/LocalFiatToken.sol";
import {LocalPeggedToken} from "../../src/local/LocalPeggedToken.sol";
import {LocalTokenProxy} from "../../src/local/LocalTokenProxy.sol";
import {StakingDeployer} from "../utils/StakingTestBase.sol";

/// @dev Deploys both local USDC stand-ins the way scripts/usdc.ts does: implementation, then a proxy
///      that runs the initializer, the issuer holding every role. Tests talk to the proxies only.
abstract contract LocalTokensFixture is StakingDeployer {
    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    /// The slots USDC's proxy on Ethereum keeps them in: keccak256("org.zeppelinos.proxy.implementation"/"...admin").
    bytes32 internal constant IMPLEMENTATION_SLOT = keccak256("org.zeppelinos.proxy.implementation");
    bytes32 internal constant ADMIN_SLOT = keccak256("org.zeppelinos.proxy.admin");
    uint256 internal constant ONE = 1e6;

    address internal proxyAdmin = makeAddr("proxyAdmin");
    address internal owner = makeAddr("owner");
    address internal pauser = makeAddr("pauser");
    address internal blacklister = makeAddr("blacklister");
    address internal masterMinter = makeAddr("masterMinter");
    address internal minter = makeAddr("minter");
    address internal bob = makeAddr("bob");
    address internal alice;
    uint256 internal aliceKey;

    LocalFiatToken internal usdcImpl;
    LocalFiatToken internal usdc;
    LocalPeggedToken internal peggedImpl;
    LocalPeggedToken internal pegged;

    function setUp() public virtual {
        vm.warp(1_750_000_000);
        (alice, aliceKey) = makeAddrAndKey("alice");
        usdcImpl = new LocalFiatToken();
        bytes memory init = abi.encodeCall(
            LocalFiatToken.initialize,
            ("USD Coin", "USDC", "USD", 6, masterMinter, pauser, blacklister, owner)
        );
        usdc = LocalFiatToken(address(new LocalTokenProxy(address(usdcImpl), proxyAdmin, init)));
        vm.prank(masterMinter);
        usdc.configureMinter(minter, 1_000_000_000 * ONE);
        vm.startPrank(minter);
        usdc.mint(alice, 1_000_000 * ONE);
        usdc.mint(bob, 1_000_000 * ONE);
        vm.stopPrank();

        peggedImpl = new LocalPeggedToken();
        pegged = LocalPeggedToken(
            address(
                new LocalTokenProxy(
                    address(peggedImpl),
                    proxyAdmin,
                    abi.encodeCall(LocalPeggedToken.initialize, ("USD Coin", "USDC", 18, owner))
                )
            )
        );
        vm.startPrank(owner);
        pegged.mint(alice, 1_000_000 ether);
        pegged.mint(bob, 1_000_000 ether);
        vm.stopPrank();
    }

    function _domain(string memory version, address token) internal view returns (bytes32) {
        return keccak256(
            abi.encode(
                DOMAIN_TYPEHASH, keccak256("USD Coin"), keccak256(bytes(version)), block.chainid, token
            )
        );
    }

    function _sign(string memory version, address spender, uint256 value, uint256 nonce, uint256 deadline)
        internal
        view
        returns (uint8 v, bytes32 r, bytes32 s)
    {
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, alice, spender, value, nonce, deadline));
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", _domain(version, address(usdc)), structHash));
        (v, r, s) = vm.sign(aliceKey, digest);
    }

    function _responds(address target, bytes memory data) internal view returns (bool ok) {
        (ok,) = target.staticcall(data);
    }
}

contract LocalFiatTokenTest is LocalTokensFixture {
    function test_metadata_likeUsdcOnEthereum() public view {
        assertEq(usdc.name(), "USD Coin");
        assertEq(usdc.symbol(), "USDC");
        assertEq(usdc.decimals(), 6);
        assertEq(usdc.currency(), "USD");
        assertEq(usdc.version(), "2");
        assertEq(usdc.owner(), owner);
        assertEq(usdc.pauser(), pauser);
        assertEq(usdc.blacklister(), blacklister);
        assertEq(usdc.masterMinter(), masterMinter);
        assertEq(usdc.totalSupply(), 2_000_000 * ONE);
    }

    function test_domainSeparator_isTheEip712FormulaWithVersion2() public {
        assertEq(usdc.DOMAIN_SEPARATOR(), _domain("2", address(usdc)));
        assertTrue(usdc.DOMAIN_SEPARATOR() != _domain("1", address(usdc)));
        // Computed per call: follows the chain id (no stale cached separator after a fork).
        vm.chainId(56);
        assertEq(usdc.DOMAIN_SEPARATOR(), _domain("2", address(usdc)));
    }

    function test_noEip712DomainFunction() public view {
        // EIP-5267 eip712Domain() is absent, like on mainnet USDC: apps must not rely on it.
        assertFalse(_responds(address(usdc), abi.encodeWithSignature("eip712Domain()")));
        assertFalse(_responds(address(usdcImpl), abi.encodeWithSignature("eip712Domain()")));
        assertTrue(_responds(address(usdc), abi.encodeWithSignature("DOMAIN_SEPARATOR()")));
    }

    function test_permit_signedWithVersion2_setsTheAllowance() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("2", bob, 150 * ONE, 0, deadline);
        usdc.permit(alice, bob, 150 * ONE, deadline, v, r, s);
        assertEq(usdc.allowance(alice, bob), 150 * ONE);
        assertEq(usdc.nonces(alice), 1);
        // The same signature cannot be used twice.
        vm.expectRevert("EIP2612: invalid signature");
        usdc.permit(alice, bob, 150 * ONE, deadline, v, r, s);
    }

    function test_permit_signedWithVersion1_isRefusedAndChangesNothing() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("1", bob, 150 * ONE, 0, deadline);
        vm.expectRevert("EIP2612: invalid signature");
        usdc.permit(alice, bob, 150 * ONE, deadline, v, r, s);
        assertEq(usdc.allowance(alice, bob), 0);
        assertEq(usdc.nonces(alice), 0);
    }

    function test_permit_expired_isRefused() public {
        uint256 deadline = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = _sign("2", bob, 150 * ONE, 0, deadline);
        vm.expectRevert("FiatTokenV2: permit is expired");
        usdc.permit(alice, bob, 150 * ONE, deadline, v, r, s);
    }

    function test_blacklistedAddress_canNeitherSendNorReceive_butAllowancesStillChange() public {
        vm.prank(blacklister);
        usdc.blacklist(alice);
        assertTrue(usdc.isBlacklisted(alice));
        // Its balance stays visible (the flag is not part of it).
        assertEq(usdc.balanceOf(alice), 1_000_000 * ONE);

        vm.prank(alice);
        vm.expectRevert("Blacklistable: account is blacklisted");
        usdc.transfer(bob, ONE);
        vm.prank(bob);
        vm.expectRevert("Blacklistable: account is blacklisted");
        usdc.transfer(alice, ONE);
        // Like FiatTokenV2_2: approve, increaseAllowance and decreaseAllowance check only the pause,
        // from and to a frozen address alike; the transfer that would use the allowance is stopped.
        vm.prank(alice);
        usdc.approve(bob, 3 * ONE);
        vm.prank(alice);
        usdc.increaseAllowance(bob, 2 * ONE);
        vm.prank(alice);
        usdc.decreaseAllowance(bob, ONE);
        assertEq(usdc.allowance(alice, bob), 4 * ONE);
        vm.prank(bob);
        vm.expectRevert("Blacklistable: account is blacklisted");
        usdc.transferFrom(alice, bob, ONE);
        vm.prank(bob);
        usdc.approve(alice, ONE);
        vm.prank(bob);
        usdc.increaseAllowance(alice, ONE);
        assertEq(usdc.allowance(bob, alice), 2 * ONE);
        vm.prank(alice);
        vm.expectRevert("Blacklistable: account is blacklisted");
        usdc.transferFrom(bob, alice, ONE);
        assertEq(usdc.balanceOf(alice), 1_000_000 * ONE);

        vm.prank(blacklister);
        usdc.unBlacklist(alice);
        vm.prank(alice);
        usdc.transfer(bob, ONE);
        assertEq(usdc.balanceOf(bob), 1_000_001 * ONE);
    }

    function test_blacklistedSpender_cannotMoveAnApprovedAllowance() public {
        vm.prank(alice);
        usdc.approve(bob, 10 * ONE);
        vm.prank(blacklister);
        usdc.blacklist(bob);
        vm.prank(bob);
        vm.expectRevert("Blacklistable: account is blacklisted");
        usdc.transferFrom(alice, minter, ONE);
        assertEq(usdc.allowance(alice, bob), 10 * ONE);
    }

    function test_blacklistedOwner_canPermit_butTheAllowanceCannotBeUsed() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("2", bob, ONE, 0, deadline);
        vm.prank(blacklister);
        usdc.blacklist(alice);
        // Like FiatTokenV2_2: permit checks only the pause; the nonce is used, the allowance set.
        usdc.permit(alice, bob, ONE, deadline, v, r, s);
        assertEq(usdc.allowance(alice, bob), ONE);
        assertEq(usdc.nonces(alice), 1);
        vm.prank(bob);
        vm.expectRevert("Blacklistable: account is blacklisted");
        usdc.transferFrom(alice, bob, ONE);
    }

    function test_permitToABlacklistedSpender_setsTheAllowance_whichItCannotUse() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("2", bob, ONE, 0, deadline);
        vm.prank(blacklister);
        usdc.blacklist(bob);
        usdc.permit(alice, bob, ONE, deadline, v, r, s);
        assertEq(usdc.allowance(alice, bob), ONE);
        vm.prank(bob);
        vm.expectRevert("Blacklistable: account is blacklisted");
        usdc.transferFrom(alice, minter, ONE);
    }

    function test_onlyTheBlacklisterBlacklists() public {
        vm.prank(owner);
        vm.expectRevert("Blacklistable: caller is not the blacklister");
        usdc.blacklist(alice);
    }

    function test_pause_stopsTransfersApprovalsAndPermits() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("2", bob, ONE, 0, deadline);
        vm.prank(alice);
        usdc.approve(bob, 10 * ONE);
        vm.prank(pauser);
        usdc.pause();
        assertTrue(usdc.paused());

        vm.prank(alice);
        vm.expectRevert("Pausable: paused");
        usdc.transfer(bob, ONE);
        vm.prank(bob);
        vm.expectRevert("Pausable: paused");
        usdc.transferFrom(alice, bob, ONE);
        vm.prank(alice);
        vm.expectRevert("Pausable: paused");
        usdc.approve(bob, ONE);
        vm.prank(alice);
        vm.expectRevert("Pausable: paused");
        usdc.increaseAllowance(bob, ONE);
        vm.prank(alice);
        vm.expectRevert("Pausable: paused");
        usdc.decreaseAllowance(bob, ONE);
        vm.expectRevert("Pausable: paused");
        usdc.permit(alice, bob, ONE, deadline, v, r, s);
        assertEq(usdc.allowance(alice, bob), 10 * ONE);

        vm.prank(pauser);
        usdc.unpause();
        vm.prank(alice);
        usdc.transfer(bob, ONE);
        usdc.permit(alice, bob, ONE, deadline, v, r, s);
        assertEq(usdc.allowance(alice, bob), ONE);
    }

    function test_onlyThePauserPauses() public {
        vm.prank(owner);
        vm.expectRevert("Pausable: caller is not the pauser");
        usdc.pause();
    }

    function test_minting_needsAMinterWithinItsAllowance() public {
        vm.prank(bob);
        vm.expectRevert("FiatToken: caller is not a minter");
        usdc.mint(bob, ONE);
        vm.prank(masterMinter);
        usdc.configureMinter(bob, ONE);
        vm.startPrank(bob);
        usdc.mint(bob, ONE);
        vm.expectRevert("FiatToken: mint amount exceeds minterAllowance");
        usdc.mint(bob, 1);
        vm.stopPrank();
    }

    function test_ownerChangesRoles() public {
        vm.startPrank(owner);
        usdc.updateBlacklister(bob);
        usdc.updatePauser(bob);
        usdc.updateMasterMinter(bob);
        usdc.transferOwnership(bob);
        vm.stopPrank();
        assertEq(usdc.blacklister(), bob);
        assertEq(usdc.pauser(), bob);
        assertEq(usdc.masterMinter(), bob);
        assertEq(usdc.owner(), bob);
        vm.prank(owner);
        vm.expectRevert("Ownable: caller is not the owner");
        usdc.updatePauser(owner);
    }
}

contract LocalTokenProxyTest is LocalTokensFixture {
    function _slot(address proxy, bytes32 slot) internal view returns (address) {
        return address(uint160(uint256(vm.load(proxy, slot))));
    }

    function test_proxySlots_holdTheImplementationAndTheAdmin() public {
        assertEq(_slot(address(usdc), IMPLEMENTATION_SLOT), address(usdcImpl));
        assertEq(_slot(address(usdc), ADMIN_SLOT), proxyAdmin);
        assertEq(_slot(address(pegged), IMPLEMENTATION_SLOT), address(peggedImpl));
        assertEq(_slot(address(pegged), ADMIN_SLOT), proxyAdmin);
        LocalTokenProxy proxy = LocalTokenProxy(payable(address(usdc)));
        vm.startPrank(proxyAdmin);
        assertEq(proxy.admin(), proxyAdmin);
        assertEq(proxy.implementation(), address(usdcImpl));
        vm.stopPrank();
        // Anyone else reaches the token, which has no such function.
        vm.prank(alice);
        vm.expectRevert();
        proxy.admin();
    }

    function test_theAdminCannotUseTheToken() public {
        vm.prank(proxyAdmin);
        vm.expectRevert("Cannot call fallback function from the proxy admin");
        usdc.balanceOf(alice);
    }

    function test_tokenState_livesInTheProxy_andTheImplementationIsLocked() public {
        assertEq(usdcImpl.decimals(), 0);
        assertEq(usdcImpl.totalSupply(), 0);
        vm.expectRevert("FiatToken: contract is already initialized");
        usdcImpl.initialize("X", "X", "X", 6, bob, bob, bob, bob);
        vm.expectRevert("FiatToken: contract is already initialized");
        usdc.initialize("X", "X", "X", 6, bob, bob, bob, bob);
    }

    function test_onlyTheAdminUpgrades_andBalancesSurvive() public {
        LocalTokenProxy proxy = LocalTokenProxy(payable(address(usdc)));
        LocalFiatToken next = new LocalFiatToken();
        vm.prank(owner);
        vm.expectRevert();
        proxy.upgradeTo(address(next));
        vm.prank(proxyAdmin);
        proxy.upgradeTo(address(next));
        assertEq(_slot(address(usdc), IMPLEMENTATION_SLOT), address(next));
        assertEq(usdc.balanceOf(alice), 1_000_000 * ONE);
        assertEq(usdc.DOMAIN_SEPARATOR(), _domain("2", address(usdc)));
        vm.prank(proxyAdmin);
        proxy.changeAdmin(bob);
        assertEq(_slot(address(usdc), ADMIN_SLOT), bob);
    }
}

contract LocalPeggedTokenTest is LocalTokensFixture {
    function test_likeBinancePegUsdc_18DecimalsAndNoPermit() public view {
        assertEq(pegged.name(), "USD Coin");
        assertEq(pegged.symbol(), "USDC");
        assertEq(pegged.decimals(), 18);
        assertEq(pegged.getOwner(), owner);
        address anyone = address(1);
        assertFalse(
            _responds(
                address(pegged),
                abi.encodeWithSignature(
                    "permit(address,address,uint256,uint256,uint8,bytes32,bytes32)",
                    alice,
                    bob,
                    1,
                    block.timestamp,
                    uint8(27),
                    bytes32(0),
                    bytes32(0)
                )
            )
        );
        assertFalse(_responds(address(pegged), abi.encodeWithSignature("nonces(address)", anyone)));
        assertFalse(_responds(address(pegged), abi.encodeWithSignature("DOMAIN_SEPARATOR()")));
        assertFalse(_responds(address(pegged), abi.encodeWithSignature("eip712Domain()")));
    }

    function test_onlyMintersMint() public {
        vm.prank(bob);
        vm.expectRevert("BEP20: caller is not a minter");
        pegged.mint(bob, 1);
        vm.prank(owner);
        pegged.setMinter(bob, true);
        vm.prank(bob);
        pegged.mint(bob, 1);
        assertEq(pegged.balanceOf(bob), 1_000_000 ether + 1);
    }
}

/// @dev The Staking contract end to end on the two stand-ins, and what happens when the issuer
///      freezes an address or pauses the token.
contract StakingOnLocalTokensTest is LocalTokensFixture {
    IStakingApi internal staking;
    IStakingApi internal staking18;
    address internal root = makeAddr("root");
    address internal stakingOwner = makeAddr("stakingOwner");
    uint256 internal constant CAP = 100_000_000;

    function setUp() public override {
        super.setUp();
        staking = _deployStaking(IERC20Metadata(address(usdc)), root, stakingOwner);
        staking18 = _deployStaking(IERC20Metadata(address(pegged)), root, stakingOwner);
        _fund(staking, stakingOwner, 1_000_000 ether);
        _fund(staking18, stakingOwner, 1_000_000 ether);
        vm.startPrank(stakingOwner);
        staking.createPlan(30, 50, CAP * ONE, uint64(block.timestamp), uint64(block.timestamp + 365 days));
        staking18.createPlan(
            30, 50, CAP * 1 ether, uint64(block.timestamp), uint64(block.timestamp + 365 days)
        );
        vm.stopPrank();
        vm.startPrank(alice);
        staking.bindSuperior(root);
        staking18.bindSuperior(root);
        vm.stopPrank();
    }

    function _stakeWithPermit(uint256 amount) internal returns (uint256) {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("2", address(staking), amount, usdc.nonces(alice), deadline);
        vm.prank(alice);
        return staking.stakeWithPermit(0, amount, deadline, v, r, s);
    }

    function test_stakeWithPermit_on6Decimals_thenPrincipalComesBack() public {
        uint256 before = usdc.balanceOf(alice);
        uint256 id = _stakeWithPermit(150 * ONE);
        assertEq(usdc.balanceOf(alice), before - 150 * ONE);
        assertEq(usdc.balanceOf(address(staking)), 150 * ONE);
        assertEq(usdc.allowance(alice, address(staking)), 0);
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        staking.withdrawPrincipal(id);
        assertEq(usdc.balanceOf(alice), before);
    }

    function test_permitSignedWithVersion1_doesNotStake() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("1", address(staking), 150 * ONE, 0, deadline);
        vm.prank(alice);
        vm.expectRevert(IStaking.PermitFailed.selector);
        staking.stakeWithPermit(0, 150 * ONE, deadline, v, r, s);
        assertEq(usdc.balanceOf(address(staking)), 0);
    }

    function test_stakeWithExactApprove_on18Decimals_thenWithdraw() public {
        uint256 before = pegged.balanceOf(alice);
        vm.startPrank(alice);
        pegged.approve(address(staking18), 150 ether);
        uint256 id = staking18.stake(0, 150 ether);
        assertEq(pegged.allowance(alice, address(staking18)), 0);
        vm.warp(block.timestamp + 30 days);
        uint256[] memory ids = new uint256[](1);
        ids[0] = id;
        staking18.releasePrincipal(ids);
        staking18.withdraw(150 ether);
        vm.stopPrank();
        assertEq(pegged.balanceOf(alice), before);
    }

    function test_blacklistedUser_cannotStake() public {
        vm.prank(alice);
        usdc.approve(address(staking), 150 * ONE);
        vm.prank(blacklister);
        usdc.blacklist(alice);
        vm.prank(alice);
        vm.expectRevert("Blacklistable: account is blacklisted");
        staking.stake(0, 150 * ONE);
        // With a permit the token accepts the permit (as FiatTokenV2_2 does) and refuses the pull.
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("2", address(staking), 200 * ONE, 0, deadline);
        vm.prank(alice);
        vm.expectRevert("Blacklistable: account is blacklisted");
        staking.stakeWithPermit(0, 200 * ONE, deadline, v, r, s);
        assertEq(usdc.balanceOf(address(staking)), 0);
    }

    function test_blacklistedUser_cannotTakePrincipalOut() public {
        uint256 id = _stakeWithPermit(150 * ONE);
        vm.warp(block.timestamp + 30 days);
        vm.prank(blacklister);
        usdc.blacklist(alice);
        vm.prank(alice);
        vm.expectRevert("Blacklistable: account is blacklisted");
        staking.withdrawPrincipal(id);
        // Nothing was lost: once unfrozen the principal comes out.
        vm.prank(blacklister);
        usdc.unBlacklist(alice);
        vm.prank(alice);
        staking.withdrawPrincipal(id);
    }

    function test_blacklistedStaking_freezesStakeAndWithdraw() public {
        uint256 id = _stakeWithPermit(150 * ONE);
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        uint256[] memory ids = new uint256[](1);
        ids[0] = id;
        staking.releasePrincipal(ids);

        vm.prank(blacklister);
        usdc.blacklist(address(staking));
        vm.startPrank(alice);
        vm.expectRevert("Blacklistable: account is blacklisted");
        staking.withdraw(150 * ONE);
        vm.stopPrank();
        // A new stake fails too: the permit to the frozen contract is accepted, the pull is not.
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _sign("2", address(staking), 200 * ONE, 1, deadline);
        vm.prank(alice);
        vm.expectRevert("Blacklistable: account is blacklisted");
        staking.stakeWithPermit(0, 200 * ONE, deadline, v, r, s);
        assertEq(usdc.balanceOf(address(staking)), 150 * ONE);

        vm.prank(blacklister);
        usdc.unBlacklist(address(staking));
        vm.prank(alice);
        staking.withdraw(150 * ONE);
        assertEq(usdc.balanceOf(address(staking)), 0);
    }

    function test_blacklistedTreasury_doesNotStopPurchases_theProceedsWaitForAPayableTreasury() public {
        vm.prank(blacklister);
        usdc.blacklist(treasury);
        uint256 price = staking.nodePrice();
        vm.startPrank(alice);
        usdc.approve(address(staking), price);
        staking.purchaseNode(price);
        vm.stopPrank();
        // The purchase went through: the USDC waits in Staking, owed to the treasury.
        assertEq(staking.treasuryProceeds(), price);
        assertEq(usdc.balanceOf(address(staking)), price);
        assertEq(usdc.balanceOf(treasury), 0);
        // Paying the frozen treasury fails and changes nothing; a second buyer is not held up.
        vm.expectRevert("Blacklistable: account is blacklisted");
        staking.payTreasury();
        assertEq(staking.treasuryProceeds(), price);
        uint256 founder = staking.founderPrice();
        vm.prank(minter);
        usdc.mint(bob, founder);
        vm.startPrank(bob);
        staking.bindSuperior(root);
        usdc.approve(address(staking), founder);
        staking.purchaseFounder(founder);
        vm.stopPrank();
        assertEq(staking.treasuryProceeds(), price + founder);

        // Once the issuer lifts the freeze (or a new treasury passes the timelock), anyone can pay it.
        vm.prank(blacklister);
        usdc.unBlacklist(treasury);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.TreasuryPaid(treasury, price + founder);
        vm.prank(bob);
        staking.payTreasury();
        assertEq(usdc.balanceOf(treasury), price + founder);
        assertEq(staking.treasuryProceeds(), 0);
        assertEq(usdc.balanceOf(address(staking)), 0);
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.payTreasury();
    }

    function test_pausedUsdc_freezesStakeAndWithdraw() public {
        uint256 id = _stakeWithPermit(150 * ONE);
        vm.warp(block.timestamp + 30 days);
        vm.prank(pauser);
        usdc.pause();
        vm.prank(alice);
        vm.expectRevert("Pausable: paused");
        staking.withdrawPrincipal(id);
        vm.prank(alice);
        vm.expectRevert(IStaking.PermitFailed.selector);
        staking.stakeWithPermit(0, 200 * ONE, block.timestamp + 1 hours, 27, bytes32(0), bytes32(0));
        vm.prank(pauser);
        usdc.unpause();
        vm.prank(alice);
        staking.withdrawPrincipal(id);
    }
}
